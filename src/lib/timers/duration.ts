/*
 * Remaining time as the timers show it: whole days, hours, minutes and seconds. A part second
 * counts as a whole one, so the display reaches 00:00:00 exactly when the timer completes.
 */

/** Remaining time split into display units. */
export interface TimeParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a remaining duration in ms (negative counts as zero). */
export function splitRemaining(ms: number): TimeParts {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Two-digit form of one unit. */
export function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** A time of day. */
export interface TimeOfDay {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Reads 'HH:mm' or 'HH:mm:ss'; null when malformed or out of range. */
export function parseTimeOfDay(value: unknown): TimeOfDay | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const time = { hours: Number(match[1]), minutes: Number(match[2]), seconds: Number(match[3] ?? 0) };
  return isTimeOfDay(time) ? time : null;
}

/** True when hours are 0-23 and minutes and seconds 0-59. */
export function isTimeOfDay(time: TimeOfDay): boolean {
  return (
    Number.isInteger(time.hours) &&
    Number.isInteger(time.minutes) &&
    Number.isInteger(time.seconds) &&
    time.hours >= 0 &&
    time.hours <= 23 &&
    time.minutes >= 0 &&
    time.minutes <= 59 &&
    time.seconds >= 0 &&
    time.seconds <= 59
  );
}
