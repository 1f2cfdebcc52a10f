/**
 * Booking windows (requirements WIDGET-LIMITS), in the calendar's time zone: `allow_booking_after` sets
 * the first bookable moment (the start of that day, or now + N when the unit is hours),
 * `allow_booking_for` the last (the end of that day; with hours, the end of the day that
 * now + N hours falls on). Never earlier than now.
 */
import { Temporal } from 'temporal-polyfill';

export type WindowUnit = 'hours' | 'days' | 'weeks' | 'months';

export interface BookingWindowSettings {
  timezone: string;
  allow_booking_after?: number | undefined;
  allow_booking_after_unit?: WindowUnit | undefined;
  allow_booking_for?: number | undefined;
  allow_booking_for_unit?: WindowUnit | undefined;
}

/** Epoch milliseconds: first bookable start (inclusive) and last bookable start (exclusive), or null for no limit. */
export interface BookingWindow {
  from: number;
  until: number | null;
}

/** The start of the calendar day `amount` units after the day of `today`. */
function dayAfter(today: Temporal.ZonedDateTime, amount: number, unit: Exclude<WindowUnit, 'hours'>): Temporal.ZonedDateTime {
  return today.add({ [unit]: amount }).startOfDay();
}

/** The bookable window at `now` (epoch ms) for a calendar's settings. */
export function bookingWindow(settings: BookingWindowSettings, now: number): BookingWindow {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(settings.timezone);
  const after = settings.allow_booking_after ?? 0;
  const afterUnit = settings.allow_booking_after_unit ?? 'days';
  let from = now;
  if (after > 0) {
    from = afterUnit === 'hours' ? now + after * 3_600_000 : dayAfter(today, after, afterUnit).epochMilliseconds;
  }
  const ahead = settings.allow_booking_for ?? 0;
  const aheadUnit = settings.allow_booking_for_unit ?? 'days';
  let until: number | null = null;
  if (ahead > 0) {
    // The last date counts whole: bookable until the start of the day after it.
    // With hours too the window runs to the end of the day that now + N hours falls on.
    const lastDay = aheadUnit === 'hours' ? today.add({ hours: ahead }).startOfDay() : dayAfter(today, ahead, aheadUnit);
    until = dayAfter(lastDay, 1, 'days').epochMilliseconds;
  }
  return { from, until };
}
