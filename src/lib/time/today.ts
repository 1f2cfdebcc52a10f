/** Calendar dates of an instant in a zone, as `YYYY-MM-DD`. */
import { Temporal } from 'temporal-polyfill';

/** The date at `now` (epoch ms) in `zone`. */
export function dateIn(zone: string, now: number): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate().toString();
}

/** The date at `now` in a seller's zone; a zone the runtime does not know reads as UTC rather than failing the page. */
export function dateInOrUtc(zone: string, now: number): string {
  try {
    return dateIn(zone, now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}
