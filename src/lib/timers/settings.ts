/*
 * The settings of the three timer elements, read tolerantly from an element's `extra`
 * (requirements DOC-LAYOUT): missing or malformed values fall back instead of failing the page.
 *   countdown    — to endDate (YYYY-MM-DD) + endTime (HH:mm) in timezone; finishTimestamp as
 *                  a fallback when no date is set.
 *   day-timer    — to a time of day (hours/minutes/seconds, or endTime) every day in timezone.
 *   minute-timer — an evergreen duration (hours/minutes/seconds) from the first visit.
 */
import { isTimeOfDay, parseTimeOfDay, type TimeOfDay } from './duration';
import { zonedInstant } from './zoned';

/** Minute-timer revisit behaviours. */
export type RevisitAction = 'auto-expire-x-day' | 'auto-hide-element' | 'none';

function integer(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(number) ? Math.max(0, Math.floor(number)) : 0;
}

const MIDNIGHT: TimeOfDay = { hours: 0, minutes: 0, seconds: 0 };

/** The end instant of a countdown (epoch ms), or null when it has no usable end. */
export function countdownEndsAt(extra: Record<string, unknown>): number | null {
  if (typeof extra.endDate === 'string' && extra.endDate.trim() !== '') {
    const time = parseTimeOfDay(extra.endTime) ?? MIDNIGHT;
    const at = zonedInstant(extra.endDate, time, extra.timezone);
    if (at !== null) return at;
  }
  const finish = Number(extra.finishTimestamp);
  if (Number.isFinite(finish) && finish > 0) return finish < 1e12 ? finish * 1000 : finish;
  return null;
}

/** The daily end time of a day-timer: hours/minutes/seconds when any is set, else endTime, else midnight. */
export function dailyTime(extra: Record<string, unknown>): TimeOfDay {
  const hasParts = ['hours', 'minutes', 'seconds'].some((key) => extra[key] !== undefined && extra[key] !== '');
  if (hasParts) {
    const time = { hours: integer(extra.hours), minutes: integer(extra.minutes), seconds: integer(extra.seconds) };
    if (isTimeOfDay(time)) return time;
  }
  return parseTimeOfDay(extra.endTime) ?? MIDNIGHT;
}

/** The evergreen duration of a minute-timer in ms. */
export function evergreenDurationMs(extra: Record<string, unknown>): number {
  return (integer(extra.hours) * 3600 + integer(extra.minutes) * 60 + integer(extra.seconds)) * 1000;
}

/** Days the minute-timer cookie lives; at least 1. */
export function cookieDays(extra: Record<string, unknown>): number {
  return Math.max(1, integer(extra.cookieDate));
}

/** The revisit action of a minute-timer. */
export function revisitActionOf(extra: Record<string, unknown>): RevisitAction {
  const value = extra.revisitAction;
  return value === 'auto-expire-x-day' || value === 'auto-hide-element' ? value : 'none';
}
