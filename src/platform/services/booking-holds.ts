/**
 * Slot holds (paid calendars): when a visitor reaches the card step, the slot is held for
 * ten minutes, so nobody else books it while the card is confirmed. A hold claims the
 * slot's minutes exactly as an appointment does, so a race between a hold and a booking
 * still leaves one of them. Expired holds are cleared by the next claim on the calendar;
 * the free-slot list ignores them at once.
 *
 * The call needs no sign-in, so a hold is only for a calendar that takes a payment (a free
 * one books at once and has nothing to wait for), holds are limited per client address and
 * per calendar (`hold` in ./call-limits.ts), and only the holder, who got the hold's token, releases it.
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { hmacSign, hmacVerify } from '../../lib/signing';
import { type CalendarDocument, isPaidCalendar } from '../../schemas/calendar';
import { ApiError } from '../http';
import { type SigningSecrets, signingKey } from '../secrets';
import { hostsFor } from './round-robin';
import { claimMinutes, isSlotConflict, SLOT_TAKEN } from './slots';

export const HOLD_MS = 10 * 60_000;

export const HOLD_NOT_PAID = 'Only a calendar that takes a payment holds slots.';
export const HOLD_NOT_YOURS = 'Only the visitor who holds this slot can release it.';
export const TOO_MANY_HOLDS = 'Too many slots held; please try again later.';

/** The holder's token of a hold: the HMAC of its id under the `slot-hold` key. */
export function holdToken(secrets: SigningSecrets, holdId: string): Promise<string> {
  return hmacSign(signingKey(secrets, 'slot-hold'), holdId);
}

/** A 403 unless `token` is the holder's token of `holdId` (compared in constant time). */
export async function requireHolder(secrets: SigningSecrets, holdId: string, token: string | undefined): Promise<void> {
  if (!token || !(await hmacVerify(signingKey(secrets, 'slot-hold'), holdId, token))) throw new ApiError(403, HOLD_NOT_YOURS);
}

export interface HoldRow {
  id: string;
  calendar_id: string;
  start_time: number;
  end_time: number;
  expires_at: number;
  /** The team member whose slot is held (team calendars), else null. */
  user_id: string | null;
}

/** Statements that drop a calendar's expired holds and free their minutes; they open every claiming batch. */
export function clearExpiredHolds(db: D1Database, calendarId: string, now: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM slot_units WHERE owner IN (SELECT id FROM slot_holds WHERE calendar_id = ? AND expires_at <= ?)').bind(calendarId, now),
    db.prepare('DELETE FROM slot_holds WHERE calendar_id = ? AND expires_at <= ?').bind(calendarId, now),
  ];
}

/**
 * Holds `start` of a paid calendar for HOLD_MS; 400 for a free calendar, 409 when it is taken
 * or held by someone else. On a team calendar the hold is a member's: the one named, else the
 * next free one in round-robin order, and the booking made with the hold goes to them.
 */
export async function holdSlot(
  db: D1Database,
  calendar: CalendarDocument,
  start: number,
  now: number,
  random?: RandomBytes,
  userId?: string | null,
): Promise<HoldRow> {
  if (!isPaidCalendar(calendar)) throw new ApiError(400, HOLD_NOT_PAID);
  const hosts = await hostsFor(db, calendar, start, now, { wanted: userId });
  const id = newId('hold', random);
  for (const host of hosts) {
    const hold: HoldRow = {
      id,
      calendar_id: calendar.id,
      start_time: start,
      end_time: start + calendar.slot_duration * 60_000,
      expires_at: now + HOLD_MS,
      user_id: host,
    };
    try {
      await db.batch([
        ...clearExpiredHolds(db, calendar.id, now),
        db
          .prepare('INSERT INTO slot_holds (id, calendar_id, user_id, start_time, end_time, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .bind(hold.id, hold.calendar_id, host, hold.start_time, hold.end_time, hold.expires_at, now),
        claimMinutes(db, calendar.id, { start: hold.start_time, end: hold.end_time }, hold.id, host),
      ]);
      return hold;
    } catch (err) {
      if (!isSlotConflict(err)) throw err;
    }
  }
  throw new ApiError(409, SLOT_TAKEN);
}

/** Statements that release a hold (the visitor went back, or booked with it). */
export function releaseHoldStatements(db: D1Database, holdId: string): D1PreparedStatement[] {
  // Only a hold's minutes: an appointment id passed here frees nothing.
  return [
    db.prepare('DELETE FROM slot_units WHERE owner = (SELECT id FROM slot_holds WHERE id = ?)').bind(holdId),
    db.prepare('DELETE FROM slot_holds WHERE id = ?').bind(holdId),
  ];
}

export const HOLD_NOT_EXTENDED = 'This hold has ended or was already extended.';

/**
 * Extends a live hold by HOLD_MS, once (issue 31: the visitor is warned before it ends and
 * may keep the time once more). A hold already extended is one whose end is more than HOLD_MS
 * after it was taken, so no column records it. 409 when it has ended or was extended.
 */
export async function extendHold(db: D1Database, holdId: string, now: number): Promise<number> {
  const row = await db
    .prepare('UPDATE slot_holds SET expires_at = expires_at + ? WHERE id = ? AND expires_at > ? AND expires_at - created_at <= ? RETURNING expires_at')
    .bind(HOLD_MS, holdId, now, HOLD_MS)
    .first<{ expires_at: number }>();
  if (!row) throw new ApiError(409, HOLD_NOT_EXTENDED);
  return row.expires_at;
}

/** The visitor's live hold of this calendar and start, or null (expired, released or another slot). */
export async function liveHold(db: D1Database, holdId: string, calendarId: string, start: number, now: number): Promise<HoldRow | null> {
  return db
    .prepare('SELECT * FROM slot_holds WHERE id = ? AND calendar_id = ? AND start_time = ? AND expires_at > ?')
    .bind(holdId, calendarId, start, now)
    .first<HoldRow>();
}
