/**
 * Free slots of a stored calendar: its live appointments and payment-step holds as busy
 * times, handed to the pure slot function. Beside the check, every appointment and hold
 * claims the minutes it covers in `slot_units` (migration 0006); the claim goes in the same
 * batch as the appointment, so two overlapping bookings racing past the check still end
 * with exactly one in the database.
 *
 * A team calendar (./team.ts) is one such calendar per member: the member's own hours and
 * bookings, and minutes claimed under the member's claim key. Without a member its free
 * slots are every slot at which some member is free.
 */
import { type BusyInterval, freeSlotStarts, isSlotFree, type SlotSettings, slotsByDate } from '../../lib/time/slots';
import type { CalendarDocument, TeamMember } from '../../schemas/calendar';
import { claimKey, isTeamCalendar, memberOf } from './team';

export const SLOT_TAKEN = 'This slot is no longer available. Please choose another time.';

/** The slot settings of a calendar document, or of one member of a team calendar (their hours and zone). */
export function slotSettings(calendar: CalendarDocument, member?: TeamMember | null): SlotSettings {
  return {
    timezone: member?.timezone ?? calendar.timezone,
    slot_duration: calendar.slot_duration,
    slot_interval: calendar.slot_interval,
    availability: member?.availability ?? calendar.availability,
    allow_booking_after: calendar.allow_booking_after,
    allow_booking_after_unit: calendar.allow_booking_after_unit,
    allow_booking_for: calendar.allow_booking_for,
    allow_booking_for_unit: calendar.allow_booking_for_unit,
  };
}

/**
 * Live appointments and unexpired holds of a calendar (of one member: `userId`, else those
 * without a member) overlapping [from, to), except the ids in `except` (the appointment
 * being moved, the visitor's own hold).
 */
export async function busyIntervals(
  db: D1Database,
  calendarId: string,
  range: { from: number; to: number; now: number },
  except: readonly string[] = [],
  userId: string | null = null,
): Promise<BusyInterval[]> {
  const [a = '', b = ''] = except;
  const { results } = await db
    .prepare(
      `SELECT start_time, end_time FROM appointments
       WHERE calendar_id = ?1 AND ifnull(user_id, '') = ?7 AND status != 'cancelled' AND start_time < ?2 AND end_time > ?3 AND id NOT IN (?4, ?5)
       UNION ALL
       SELECT start_time, end_time FROM slot_holds
       WHERE calendar_id = ?1 AND ifnull(user_id, '') = ?7 AND expires_at > ?6 AND start_time < ?2 AND end_time > ?3 AND id NOT IN (?4, ?5)`,
    )
    .bind(calendarId, range.to, range.from, a, b, range.now, userId ?? '')
    .all<{ start_time: number; end_time: number }>();
  return results.map((r) => ({ start: r.start_time, end: r.end_time }));
}

/** Free slot starts of one host: the calendar itself (member null) or one team member. */
async function hostFreeStarts(
  db: D1Database,
  calendar: CalendarDocument,
  member: TeamMember | null,
  query: { from: number; to: number; timeZone: string },
  now: number,
): Promise<number[]> {
  const span = calendar.slot_duration * 60_000;
  const busy = await busyIntervals(db, calendar.id, { from: query.from - span, to: query.to + span, now }, [], member?.user_id ?? null);
  return freeSlotStarts(slotSettings(calendar, member), busy, { ...query, now });
}

/**
 * GET /appointment/free-slots: dates in the visitor's zone → slot starts. On a team
 * calendar `userId` names the member whose slots are asked; without it, the union of all.
 */
export async function calendarFreeSlots(
  db: D1Database,
  calendar: CalendarDocument,
  query: { from: number; to: number; timeZone: string },
  now: number,
  userId?: string | null,
): Promise<Record<string, { slots: string[] }>> {
  if (!isTeamCalendar(calendar)) return slotsByDate(await hostFreeStarts(db, calendar, null, query, now), query.timeZone);
  const members = userId ? [memberOf(calendar, userId)] : calendar.team_members;
  const starts = new Set<number>();
  for (const member of members) for (const t of await hostFreeStarts(db, calendar, member, query, now)) starts.add(t);
  return slotsByDate(
    [...starts].sort((x, y) => x - y),
    query.timeZone,
  );
}

/**
 * Whether `start` is bookable now, by the same rules as the slot list: for the calendar
 * itself, or for one member of a team calendar (`userId`).
 */
export async function slotIsFree(
  db: D1Database,
  calendar: CalendarDocument,
  start: number,
  now: number,
  except: readonly string[] = [],
  userId: string | null = null,
): Promise<boolean> {
  const member = userId ? memberOf(calendar, userId) : null;
  const span = calendar.slot_duration * 60_000;
  const busy = await busyIntervals(db, calendar.id, { from: start - span, to: start + 2 * span, now }, except, userId);
  return isSlotFree(slotSettings(calendar, member), busy, start, now);
}

/**
 * Claims every minute of [start, end) of a calendar (of one member: `userId`) for `owner`
 * (an appointment or a hold). A minute claimed already fails the statement, and with it the whole batch.
 */
export function claimMinutes(
  db: D1Database,
  calendarId: string,
  span: { start: number; end: number },
  owner: string,
  userId: string | null = null,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO slot_units (calendar_id, minute, owner)
       WITH RECURSIVE covered(minute) AS (SELECT ?2 UNION ALL SELECT minute + 1 FROM covered WHERE minute < ?3)
       SELECT ?1, minute, ?4 FROM covered`,
    )
    .bind(claimKey(calendarId, userId), Math.floor(span.start / 60_000), Math.floor((span.end - 1) / 60_000), owner);
}

/** Frees the minutes an appointment or hold claimed. */
export function releaseMinutes(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare('DELETE FROM slot_units WHERE owner = ?').bind(owner);
}

/** Whether a D1 error is a claimed minute (or the start index) refusing an overlapping booking. */
export function isSlotConflict(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed: (slot_units\.|appointments\.calendar_id|index 'appointments_slot')/.test(err.message);
}
