/**
 * Free slots of a stored calendar: its live appointments and payment-step holds as busy
 * times, handed to the pure slot function. Beside the check, every appointment and hold
 * claims the minutes it covers in `slot_units` (migration 0006); the claim goes in the same
 * batch as the appointment, so two overlapping bookings racing past the check still end
 * with exactly one in the database.
 */
import { type BusyInterval, freeSlots, isSlotFree, type SlotSettings } from '../../lib/time/slots';
import type { CalendarDocument } from '../../schemas/calendar';

export const SLOT_TAKEN = 'This slot is no longer available. Please choose another time.';

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

/**
 * Live appointments and unexpired holds of a calendar overlapping [from, to), except the
 * ids in `except` (the appointment being moved, the visitor's own hold).
 */
export async function busyIntervals(
  db: D1Database,
  calendarId: string,
  range: { from: number; to: number; now: number },
  except: readonly string[] = [],
): Promise<BusyInterval[]> {
  const [a = '', b = ''] = except;
  const { results } = await db
    .prepare(
      `SELECT start_time, end_time FROM appointments
       WHERE calendar_id = ?1 AND status != 'cancelled' AND start_time < ?2 AND end_time > ?3 AND id NOT IN (?4, ?5)
       UNION ALL
       SELECT start_time, end_time FROM slot_holds
       WHERE calendar_id = ?1 AND expires_at > ?6 AND start_time < ?2 AND end_time > ?3 AND id NOT IN (?4, ?5)`,
    )
    .bind(calendarId, range.to, range.from, a, b, range.now)
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
  const busy = await busyIntervals(db, calendar.id, { from: query.from - span, to: query.to + span, now });
  return freeSlots(slotSettings(calendar), busy, { ...query, now });
}

/** Whether `start` is bookable now, by the same rules as the slot list. */
export async function slotIsFree(db: D1Database, calendar: CalendarDocument, start: number, now: number, except: readonly string[] = []): Promise<boolean> {
  const span = calendar.slot_duration * 60_000;
  const busy = await busyIntervals(db, calendar.id, { from: start - span, to: start + 2 * span, now }, except);
  return isSlotFree(slotSettings(calendar), busy, start, now);
}

/**
 * Claims every minute of [start, end) of a calendar for `owner` (an appointment or a hold).
 * A minute claimed already fails the statement, and with it the whole batch.
 */
export function claimMinutes(db: D1Database, calendarId: string, span: { start: number; end: number }, owner: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO slot_units (calendar_id, minute, owner)
       WITH RECURSIVE covered(minute) AS (SELECT ?2 UNION ALL SELECT minute + 1 FROM covered WHERE minute < ?3)
       SELECT ?1, minute, ?4 FROM covered`,
    )
    .bind(calendarId, Math.floor(span.start / 60_000), Math.floor((span.end - 1) / 60_000), owner);
}

/** Frees the minutes an appointment or hold claimed. */
export function releaseMinutes(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare('DELETE FROM slot_units WHERE owner = ?').bind(owner);
}

/** Whether a D1 error is a claimed minute (or the start index) refusing an overlapping booking. */
export function isSlotConflict(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed: (slot_units\.|appointments\.calendar_id)/.test(err.message);
}
