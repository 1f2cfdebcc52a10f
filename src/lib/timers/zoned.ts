/*
 * Wall-clock times in a seller's time zone turned into instants, with Temporal
 * (temporal-polyfill: workerd and most browsers have no native Temporal). A wall time that a
 * daylight-saving jump skips resolves forward ('compatible'); an unknown zone falls back to UTC.
 */
import { Temporal } from 'temporal-polyfill';
import { zoneOrUtc } from '../time/zones';
import type { TimeOfDay } from './duration';

/** The instant (epoch ms) of a calendar date (YYYY-MM-DD) at a time of day in a zone; null when the date is malformed. */
export function zonedInstant(date: string, time: TimeOfDay, timezone: unknown): number | null {
  let plain: Temporal.PlainDate;
  try {
    plain = Temporal.PlainDate.from(date.trim(), { overflow: 'reject' });
  } catch {
    return null;
  }
  const zoned = plain.toPlainDateTime(plainTime(time)).toZonedDateTime(zoneOrUtc(timezone), { disambiguation: 'compatible' });
  return zoned.epochMilliseconds;
}

/** The first instant strictly after `now` at which the zone's wall clock shows `time`. */
export function nextDailyInstant(now: number, time: TimeOfDay, timezone: unknown): number {
  const zone = zoneOrUtc(timezone);
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate();
  for (let offset = 0; offset < 3; offset++) {
    const day = today.add({ days: offset });
    const at = day.toPlainDateTime(plainTime(time)).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
    if (at > now) return at;
  }
  return now + 86_400_000;
}

/**
 * The next `count` instants strictly after `now` at which the zone's wall clock shows `time`,
 * one per calendar day. The server sends these to the browser, so a cached page's day timer
 * needs no time-zone data there; a day a daylight-saving change makes 23 or 25 hours long
 * is counted in the zone, not as 24 hours.
 */
export function nextDailyInstants(now: number, time: TimeOfDay, timezone: unknown, count: number): number[] {
  const zone = zoneOrUtc(timezone);
  const first = nextDailyInstant(now, time, zone);
  const day = Temporal.Instant.fromEpochMilliseconds(first).toZonedDateTimeISO(zone).toPlainDate();
  const instants: number[] = [];
  for (let offset = 0; instants.length < count; offset++) {
    const at = day.add({ days: offset }).toPlainDateTime(plainTime(time)).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
    if (at > now && at > (instants.at(-1) ?? 0)) instants.push(at);
  }
  return instants;
}

function plainTime(time: TimeOfDay): Temporal.PlainTimeLike {
  return { hour: time.hours, minute: time.minutes, second: time.seconds };
}
