/**
 * The days a statistics call covers (issue 28): `from` and `to` are calendar days
 * (`YYYY-MM-DD`) in the funnel's location zone, both included, by default the last 30 days
 * up to today there; at most 366 days. Resolved to the epoch-ms bounds of those days in the
 * zone, which the conversion rows (stored by instant) are read between.
 */
import * as v from 'valibot';
import { addDays } from '../../lib/time/calendar-month';
import { todayIn } from '../../lib/time/today';
import { zoneClock } from '../../lib/time/zone-clock';
import { ApiError, parseWith } from '../http';

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

/** A real calendar day: the pattern, and the date it names is that same date (no 2026-02-30). */
const day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  v.check((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'must be a real date'),
);

export const StatsQuerySchema = v.object({
  from: v.optional(day),
  to: v.optional(day),
  interval: v.optional(v.picklist(['day'], 'interval must be day'), 'day'),
});

export interface StatsRange {
  from: string;
  to: string;
  /** Every day from `from` to `to`, in order. */
  days: string[];
  /** Epoch ms: the start of `from` and the start of the day after `to`, in the zone. */
  start: number;
  end: number;
}

/** Days between two ISO dates, `from` counted (from = to → 1). */
function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Reads and checks the query (400 `msg` on a bad date, from after to, or a range over 366 days). */
export function statsRange(query: unknown, zone: string, now: number): StatsRange {
  const parsed = parseWith(StatsQuerySchema, query);
  const today = todayIn(zone, now);
  const to = parsed.to ?? (parsed.from ? addDays(parsed.from, DEFAULT_RANGE_DAYS - 1) : today);
  const from = parsed.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const count = dayCount(from, to);
  if (count < 1) throw new ApiError(400, 'from must not be after to', 'from');
  if (count > MAX_RANGE_DAYS) throw new ApiError(400, `The range must not be longer than ${MAX_RANGE_DAYS} days`, 'to');
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  const clock = zoneClock(zone);
  return { from, to, days, start: clock.epochOf(from, '00:00'), end: clock.epochOf(addDays(to, 1), '00:00') };
}
