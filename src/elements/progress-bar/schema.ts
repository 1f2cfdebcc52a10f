/** A progress bar in 10 % steps; default class progress50, size small (requirements PAGE-LIMITS). */
import * as v from 'valibot';
import { baseExtra, num, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  text: str(),
  percentWidth: num(50),
  offsetColor: str(),
  progressBarSize: v.optional(v.picklist(['small', 'medium', 'large']), 'small'),
});
export type ProgressBarExtra = v.InferOutput<typeof extraSchema>;

/** The percentage rounded to the nearest 10 and clamped to 0–100. */
export function progressStep(percent: number): number {
  return Math.min(100, Math.max(0, Math.round(percent / 10) * 10));
}
