/** Calendar dates of an instant in a zone, as `YYYY-MM-DD`. */
import { Temporal } from 'temporal-polyfill';

/** The date at `now` (epoch ms) in `zone`. */
export function dateIn(zone: string, now: number): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate().toString();
}
