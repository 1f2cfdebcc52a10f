/** Free slots of a stored calendar: its appointments as busy times, handed to the pure slot function. */
import { type BusyInterval, freeSlots, isSlotFree, type SlotSettings } from '../../lib/time/slots';
import type { CalendarDocument } from '../../schemas/calendar';

/** The slot settings of a calendar document. */
export function slotSettings(calendar: CalendarDocument): SlotSettings {
  return {
    timezone: calendar.timezone,
    slot_duration: calendar.slot_duration,
    slot_interval: calendar.slot_interval,
    availability: calendar.availability,
    allow_booking_after: calendar.allow_booking_after,
    allow_booking_after_unit: calendar.allow_booking_after_unit,
    allow_booking_for: calendar.allow_booking_for,
    allow_booking_for_unit: calendar.allow_booking_for_unit,
  };
}

/** Non-cancelled appointments of a calendar overlapping [from, to), except `exceptId`. */
export async function busyIntervals(db: D1Database, calendarId: string, from: number, to: number, exceptId?: string): Promise<BusyInterval[]> {
  const { results } = await db
    .prepare(
      `SELECT start_time, end_time FROM appointments
       WHERE calendar_id = ? AND status != 'cancelled' AND start_time < ? AND end_time > ? AND id != ?`,
    )
    .bind(calendarId, to, from, exceptId ?? '')
    .all<{ start_time: number; end_time: number }>();
  return results.map((r) => ({ start: r.start_time, end: r.end_time }));
}

/** GET /appointment/free-slots: dates in the visitor's zone → slot starts. */
export async function calendarFreeSlots(
  db: D1Database,
  calendar: CalendarDocument,
  query: { from: number; to: number; timeZone: string },
  now: number,
): Promise<Record<string, { slots: string[] }>> {
  const span = calendar.slot_duration * 60_000;
  const busy = await busyIntervals(db, calendar.id, query.from - span, query.to + span);
  return freeSlots(slotSettings(calendar), busy, { ...query, now });
}

/** Whether `start` is bookable now, by the same rules as the slot list. */
export async function slotIsFree(db: D1Database, calendar: CalendarDocument, start: number, now: number, exceptId?: string): Promise<boolean> {
  const span = calendar.slot_duration * 60_000;
  const busy = await busyIntervals(db, calendar.id, start - span, start + 2 * span, exceptId);
  return isSlotFree(slotSettings(calendar), busy, start, now);
}
