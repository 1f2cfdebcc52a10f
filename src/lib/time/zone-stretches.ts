/**
 * A zone's offset over a span of instants, as stretches of one offset each (a stretch ends at
 * the zone's next transition), so that a database can turn an instant into the zone's
 * calendar day with plain arithmetic: `(instant + offset) / 86,400,000` within a stretch.
 */
import { Temporal } from 'temporal-polyfill';

export interface ZoneStretch {
  /** The first instant (epoch ms) after the stretch; the last stretch ends at the span's end. */
  until: number;
  /** The zone's offset from UTC during the stretch, ms. */
  offsetMs: number;
}

/** The stretches of `zone` covering [start, end). */
export function zoneStretches(zone: string, start: number, end: number): ZoneStretch[] {
  const stretches: ZoneStretch[] = [];
  let at = start;
  while (at < end) {
    const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
    const next = zoned.getTimeZoneTransition('next')?.epochMilliseconds ?? end;
    const until = Math.min(next, end);
    stretches.push({ until, offsetMs: zoned.offsetNanoseconds / 1_000_000 });
    at = until;
  }
  return stretches;
}

/** Days since the epoch, in the zone, of the SQL expression `column` (an epoch-ms integer), over `stretches`. */
export function zoneDaySql(column: string, stretches: readonly ZoneStretch[]): string {
  const day = (offsetMs: number) => `(${column} + ${Math.trunc(offsetMs)}) / 86400000`;
  if (stretches.length <= 1) return day(stretches[0]?.offsetMs ?? 0);
  const cases = stretches.slice(0, -1).map((s) => `WHEN ${column} < ${Math.trunc(s.until)} THEN ${day(s.offsetMs)}`);
  return `CASE ${cases.join(' ')} ELSE ${day(stretches.at(-1)?.offsetMs ?? 0)} END`;
}

/** The ISO date of a day number (days since 1970-01-01). */
export const isoDayOf = (dayNumber: number): string => new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
