/**
 * Free slots of a calendar: one pure function over its settings, the busy times of its
 * existing appointments, the requested range and `now`. Weekly availability is read in the
 * calendar's time zone and stepped in exact time, so a daylight-saving day has one hour
 * more or less of slots and a half-hour zone lands on its own wall clock. The booking call
 * asks the same function whether one start is free.
 */
import { addDays, weekday } from './calendar-month';
import { type BookingWindowSettings, bookingWindow } from './windows';
import { zoneClock } from './zone-clock';

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
  const clock = zoneClock(settings.timezone);
  // Availability windows can start on the day before `from` in the calendar's zone.
  let date = addDays(clock.iso(from).slice(0, 10), -1);
  const lastDate = clock.iso(to).slice(0, 10);
  const merged = mergeBusy(busy);
  const out: number[] = [];
  for (; date <= lastDate; date = addDays(date, 1)) {
    const key = WEEKDAY_KEYS[(weekday(date) + 6) % 7] as WeekdayKey;
    for (const open of settings.availability[key] ?? []) {
      const start = clock.epochOf(date, open.start);
      const end = clock.epochOf(date, open.end);
      for (let t = start; t + durationMs <= end; t += stepMs) {
        if (t < from || t > to) continue;
        if (overlaps(merged, t, t + durationMs)) continue;
        out.push(t);
      }
    }
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Free slots grouped by date in the query's zone: `{"YYYY-MM-DD": {slots: [ISO with offset]}}`. */
export function freeSlots(settings: SlotSettings, busy: readonly BusyInterval[], query: SlotQuery): Record<string, { slots: string[] }> {
  return slotsByDate(freeSlotStarts(settings, busy, query), query.timeZone);
}

/** Slot starts (epoch ms, ascending) grouped by date in `timeZone`: `{"YYYY-MM-DD": {slots: [ISO with offset]}}`. */
export function slotsByDate(starts: readonly number[], timeZone: string): Record<string, { slots: string[] }> {
  const out: Record<string, { slots: string[] }> = {};
  const inZone = zoneClock(timeZone);
  for (const start of starts) {
    const iso = inZone.iso(start);
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
