/** The minute-timer's settings (requirements PAGE-DATA timer extra); the shared keys live in ../timer-settings.ts. */
import * as v from 'valibot';
import { timerFields } from '../timer-settings';

export const extraSchema = v.looseObject({ ...timerFields });
export type TimerExtra = v.InferOutput<typeof extraSchema>;
