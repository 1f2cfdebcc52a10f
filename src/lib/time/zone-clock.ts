/**
 * Instants and wall clocks of one zone, for a run of nearby instants (a month of slots).
 * A zone's offset holds between two of its transitions, so inside such a stretch plain
 * arithmetic is exact and Temporal is asked only once per stretch; within a day of a
 * transition every answer comes from Temporal, which resolves skipped and repeated wall
 * times ('compatible': a skipped time moves forward, a repeated one takes the earlier).
 */
import { Temporal } from 'temporal-polyfill';
import type { IsoDate } from './calendar-month';

const DAY = 86_400_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export interface ZoneClock {
  /** ISO 8601 with the zone's offset: `2026-03-02T09:00:00-05:00`. */
  iso(ms: number): string;
  /** Epoch ms of a wall-clock `HH:mm` on `date`; `24:00` is the next day's start. */
  epochOf(date: IsoDate, time: string): number;
}

export function zoneClock(zone: string): ZoneClock {
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  let offsetMs = 0;
  let offsetText = '+00:00';
  // The date part of the last day formatted: Date#toISOString is slow, a month has 31 days.
  let day = Number.NaN;
  let dayText = '';
  const ensure = (ms: number) => {
    if (ms >= from && ms < until) return;
    const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
    offsetMs = zoned.offsetNanoseconds / 1_000_000;
    offsetText = zoned.offset.slice(0, 6);
    // The stretch holding `ms` starts at the last transition at or before it.
    const after = Temporal.Instant.fromEpochMilliseconds(ms + 1).toZonedDateTimeISO(zone);
    from = after.getTimeZoneTransition('previous')?.epochMilliseconds ?? Number.NEGATIVE_INFINITY;
    until = zoned.getTimeZoneTransition('next')?.epochMilliseconds ?? Number.POSITIVE_INFINITY;
  };
  return {
    iso(ms) {
      ensure(ms);
      const local = ms + offsetMs;
      const localDay = Math.floor(local / DAY);
      if (localDay !== day) {
        day = localDay;
        dayText = new Date(localDay * DAY).toISOString().slice(0, 10);
      }
      const seconds = Math.floor((local - localDay * DAY) / 1000);
      return `${dayText}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${offsetText}`;
    },
    epochOf(date, time) {
      const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
      const [hour = 0, minute = 0] = time.split(':').map(Number);
      const local = Date.UTC(year, month - 1, day, hour, minute);
      ensure(local - offsetMs);
      const guess = local - offsetMs;
      if (guess - DAY >= from && guess + DAY < until) return guess;
      const start = Temporal.PlainDateTime.from({ year, month, day }).add({ hours: hour, minutes: minute });
      return start.toZonedDateTime(zone).epochMilliseconds;
    },
  };
}
