/**
 * Free slots of a calendar: one pure function over its settings, the busy times of its
 * existing appointments, the requested range and `now`. Weekly availability is read in the
 * calendar's time zone and stepped in exact time, so a daylight-saving day has one hour
 * more or less of slots and a half-hour zone lands on its own wall clock. The booking call
 * asks the same function whether one start is free.
 */
import { Temporal } from 'temporal-polyfill';
import { type BookingWindowSettings, bookingWindow } from './windows';

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export interface SlotSettings extends BookingWindowSettings {
  /** Minutes an appointment lasts. */
  slot_duration: number;
  /** Minutes between slot starts; slot_duration when absent. */
  slot_interval?: number | undefined;
  /** Open hours per weekday as `HH:mm` wall-clock times in `timezone`; `24:00` is midnight. */
  availability: Record<WeekdayKey, readonly { start: string; end: string }[]>;
}

/** A busy interval in epoch ms, end exclusive. */
export interface BusyInterval {
  start: number;
  end: number;
}

export interface SlotQuery {
  /** Epoch ms; slots starting in [from, to] are answered. */
  from: number;
  to: number;
  /** Zone whose dates key the answer (the visitor's). */
  timeZone: string;
  now: number;
}

/** Free slot starts as epoch ms, ascending. */
export function freeSlotStarts(settings: SlotSettings, busy: readonly BusyInterval[], query: SlotQuery): number[] {
  const window = bookingWindow(settings, query.now);
  const from = Math.max(query.from, window.from);
  const to = window.until === null ? query.to : Math.min(query.to, window.until - 1);
  if (to < from) return [];
  const durationMs = settings.slot_duration * 60_000;
  const stepMs = (settings.slot_interval ?? settings.slot_duration) * 60_000;
  const zone = settings.timezone;
  // Availability windows can start on the day before `from` in the calendar's zone.
  let date = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone).toPlainDate().subtract({ days: 1 });
  const lastDate = Temporal.Instant.fromEpochMilliseconds(to).toZonedDateTimeISO(zone).toPlainDate();
  const merged = mergeBusy(busy);
  const out: number[] = [];
  while (Temporal.PlainDate.compare(date, lastDate) <= 0) {
    const key = WEEKDAY_KEYS[date.dayOfWeek - 1] as WeekdayKey;
    for (const open of settings.availability[key] ?? []) {
      const start = wallClock(date, open.start, zone);
      const end = wallClock(date, open.end, zone);
      for (let t = start; t + durationMs <= end; t += stepMs) {
        if (t < from || t > to) continue;
        if (overlaps(merged, t, t + durationMs)) continue;
        out.push(t);
      }
    }
    date = date.add({ days: 1 });
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Free slots grouped by date in the query's zone: `{"YYYY-MM-DD": {slots: [ISO with offset]}}`. */
export function freeSlots(
  settings: SlotSettings,
  busy: readonly BusyInterval[],
  query: SlotQuery,
): Record<string, { slots: string[] }> {
  const out: Record<string, { slots: string[] }> = {};
  const inZone = zonedIso(query.timeZone);
  for (const start of freeSlotStarts(settings, busy, query)) {
    const iso = inZone(start);
    const day = iso.slice(0, 10);
    const entry = out[day] ?? { slots: [] };
    entry.slots.push(iso);
    out[day] = entry;
  }
  return out;
}

/** Whether an appointment may start at `start` (epoch ms) by the same rules as the slot list. */
export function isSlotFree(settings: SlotSettings, busy: readonly BusyInterval[], start: number, now: number): boolean {
  return freeSlotStarts(settings, busy, { from: start, to: start, timeZone: settings.timezone, now }).includes(start);
}

/** Epoch ms of a wall-clock `HH:mm` on `date` in `zone`; `24:00` is the next day's start. */
function wallClock(date: Temporal.PlainDate, time: string, zone: string): number {
  if (time === '24:00') return date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  // A wall time skipped by a spring-forward change resolves to the moment just after it.
  return date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds;
}

/** Busy intervals sorted and merged, so they are disjoint and a binary search finds the one that matters. */
function mergeBusy(busy: readonly BusyInterval[]): BusyInterval[] {
  const merged: BusyInterval[] = [];
  for (const b of [...busy].sort((x, y) => x.start - y.start)) {
    const last = merged[merged.length - 1];
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else merged.push({ start: b.start, end: b.end });
  }
  return merged;
}

/** Whether [start, end) meets a busy interval: the last one starting before `end` is the only candidate. */
function overlaps(merged: readonly BusyInterval[], start: number, end: number): boolean {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((merged[mid] as BusyInterval).start < end) lo = mid + 1;
    else hi = mid;
  }
  const candidate = merged[lo - 1];
  return candidate !== undefined && candidate.end > start;
}

/**
 * ISO 8601 with the zone's offset (`2026-03-02T09:00:00-05:00`) for ascending instants.
 * Temporal is asked for the offset once per stretch between two of the zone's transitions,
 * not once per slot: a month of slots is formatted in well under a millisecond.
 */
function zonedIso(zone: string): (ms: number) => string {
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  let offsetMs = 0;
  let offset = '+00:00';
  return (ms) => {
    if (ms < from || ms >= until) {
      const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
      offsetMs = zoned.offsetNanoseconds / 1_000_000;
      offset = zoned.offset.slice(0, 6);
      from = ms;
      until = zoned.getTimeZoneTransition('next')?.epochMilliseconds ?? Number.POSITIVE_INFINITY;
    }
    return `${new Date(ms + offsetMs).toISOString().slice(0, 19)}${offset}`;
  };
}
