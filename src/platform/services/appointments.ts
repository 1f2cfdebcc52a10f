/**
 * Appointments once booked: reading one as the widget's event, moving it to another slot,
 * cancelling it (which frees the slot) and adding the visitor's note. A live appointment
 * claims the minutes it covers (services/slots.ts), so a move that races another booking
 * fails in the database, not in the browser.
 */
import { Temporal } from 'temporal-polyfill';
import type { AppointmentEvent, AppointmentStatus } from '../../schemas/appointment';
import type { CalendarDocument } from '../../schemas/calendar';
import { zoneClock } from '../../lib/time/zone-clock';
import { zoneOrUtc } from '../../lib/time/zones';
import { ApiError } from '../http';
import { outboxBatch } from '../webhooks/outbox';
import { clearExpiredHolds } from './booking-holds';
import { hostsFor } from './round-robin';
import { claimMinutes, isSlotConflict, releaseMinutes, SLOT_TAKEN } from './slots';
import { memberName } from './team';

export const NO_EVENT = 'No calendar event found';
export const ALREADY_CANCELLED = 'This appointment is already cancelled.';
export { SLOT_TAKEN };

export interface AppointmentRow {
  id: string;
  calendar_id: string;
  /** The team member it is with (team calendars), else null. */
  user_id: string | null;
  location_id: string;
  contact_id: string | null;
  start_time: number;
  end_time: number;
  status: AppointmentStatus;
  selected_timezone: string;
  notes: string | null;
  cancel_reason: string | null;
  fingerprint: string | null;
  created_at: number;
  updated_at: number;
}

/** An instant as ISO 8601 with the offset of `zone`. */
export function isoIn(ms: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

export function eventView(row: AppointmentRow, calendar: Pick<CalendarDocument, 'event_address' | 'team_members'> | null): AppointmentEvent {
  return {
    _id: row.id,
    id: row.id,
    calendar_id: row.calendar_id,
    location_id: row.location_id,
    contact_id: row.contact_id,
    start_time: isoIn(row.start_time, row.selected_timezone),
    end_time: isoIn(row.end_time, row.selected_timezone),
    selected_timezone: row.selected_timezone,
    status: row.status,
    event_address: calendar?.event_address ?? '',
    user_id: row.user_id ?? null,
    // Who the meeting is with, on a team calendar (the confirmation names them).
    team_member_name: calendar ? memberName(calendar, row.user_id) : null,
  };
}

/** What anyone with the id may see: the booking widget shows a stranger no more (no contact, no times). */
export interface StrangerEvent {
  _id: string;
  id: string;
  calendar_id: string;
  event_address: string;
}

export function strangerView(row: AppointmentRow, calendar: Pick<CalendarDocument, 'event_address'> | null): StrangerEvent {
  return { _id: row.id, id: row.id, calendar_id: row.calendar_id, event_address: calendar?.event_address ?? '' };
}

export async function getAppointment(db: D1Database, id: string): Promise<AppointmentRow | null> {
  return db.prepare('SELECT * FROM appointments WHERE id = ?').bind(id).first<AppointmentRow>();
}

/** A booked (not cancelled) appointment of `calendarId`, or a 404. */
export async function activeAppointment(db: D1Database, id: string, calendarId?: string): Promise<AppointmentRow> {
  const row = await getAppointment(db, id);
  if (!row || row.status === 'cancelled' || (calendarId && row.calendar_id !== calendarId)) throw new ApiError(404, NO_EVENT);
  return row;
}

/**
 * Statements that move an appointment to `move.start`: its old minutes are freed and the
 * new ones claimed in the same batch as the update, so a taken slot fails the batch and the
 * appointment stays where it was.
 */
export function moveStatements(
  db: D1Database,
  calendar: CalendarDocument,
  row: AppointmentRow,
  move: { start: number; zone: string; userId: string | null },
  now: number,
): D1PreparedStatement[] {
  const end = move.start + calendar.slot_duration * 60_000;
  const clock = zoneClock(zoneOrUtc(calendar.timezone));
  return [
    ...clearExpiredHolds(db, calendar.id, now),
    releaseMinutes(db, row.id),
    claimMinutes(db, calendar.id, { start: move.start, end }, row.id, move.userId),
    db
      .prepare(`UPDATE appointments SET start_time = ?, end_time = ?, selected_timezone = ?, user_id = ?, updated_at = ? WHERE id = ?`)
      .bind(move.start, end, move.zone, move.userId, now, row.id),
    ...outboxBatch(
      db,
      [
        {
          type: 'appointment.rescheduled',
          kind: 'appointment',
          recordId: row.id,
          detail: { previousStartTime: clock.iso(row.start_time), previousEndTime: clock.iso(row.end_time) },
        },
      ],
      now,
    ),
  ];
}

/**
 * Moves an appointment to `start` in `zone`, if that slot is free by the calendar's rules; on
 * a team calendar with the same member when they are free then, else with the next free one.
 */
export async function moveAppointment(
  db: D1Database,
  calendar: CalendarDocument,
  row: AppointmentRow,
  move: { start: number; zone: string },
  now: number,
): Promise<AppointmentRow> {
  const hosts = await hostsFor(db, calendar, move.start, now, { previous: row.user_id, except: [row.id] });
  for (const [i, userId] of hosts.entries()) {
    try {
      await db.batch(moveStatements(db, calendar, row, { ...move, userId }, now));
      return activeAppointment(db, row.id);
    } catch (err) {
      if (!isSlotConflict(err)) throw err;
      if (i === hosts.length - 1) break;
    }
  }
  throw new ApiError(409, SLOT_TAKEN);
}

/** The webhook event's condition: the appointment exists and is not cancelled (yet). */
const notCancelled = (id: string) => ({ sql: "EXISTS (SELECT 1 FROM appointments WHERE id = ? AND status != 'cancelled')", params: [id] });

/** Cancels an appointment with the visitor's reason; its slot is free again at once. */
export async function cancelAppointment(db: D1Database, id: string, reason: string, now: number): Promise<AppointmentRow> {
  const [cancelled] = await db
    .batch<AppointmentRow>([
      // The event first, while the appointment is not yet cancelled: only the call that cancels it reports it.
      ...outboxBatch(db, [{ type: 'appointment.cancelled', kind: 'appointment', recordId: id, when: notCancelled(id) }], now),
      db
        .prepare(`UPDATE appointments SET status = 'cancelled', cancel_reason = ?, updated_at = ? WHERE id = ? AND status != 'cancelled' RETURNING *`)
        .bind(reason, now, id),
      releaseMinutes(db, id),
    ])
    .then((results) => results.slice(2));
  const row = cancelled?.results[0];
  if (row) return row;
  const existing = await getAppointment(db, id);
  if (!existing) throw new ApiError(404, NO_EVENT);
  throw new ApiError(409, ALREADY_CANCELLED);
}

/** Stores the visitor's note (the additional-information step); a cancelled appointment keeps its note. */
export async function addNote(db: D1Database, id: string, notes: string, now: number): Promise<AppointmentRow> {
  const [, , updated] = await db.batch<AppointmentRow>([
    ...outboxBatch(db, [{ type: 'appointment.note', kind: 'appointment', recordId: id, when: notCancelled(id) }], now),
    db.prepare("UPDATE appointments SET notes = ?, updated_at = ? WHERE id = ? AND status != 'cancelled' RETURNING *").bind(notes, now, id),
  ]);
  const row = updated?.results[0];
  if (row) return row;
  if (!(await getAppointment(db, id))) throw new ApiError(404, NO_EVENT);
  throw new ApiError(409, ALREADY_CANCELLED);
}
