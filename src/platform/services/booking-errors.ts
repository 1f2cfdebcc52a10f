/**
 * Reports of bookings that failed in the visitor's browser after the booking call, kept for
 * the seller's support. The call needs no sign-in, so it is bounded three ways: the schema
 * caps each report's size, a client may send REPORT_LIMIT reports per REPORT_WINDOW_MS,
 * and a report that repeats one the same client already sent is dropped.
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { cutText } from '../../lib/text';
import { sha256Hex } from '../../lib/sha256';
import { ApiError } from '../http';

export interface BookingErrorReport {
  formData?: unknown;
  eventId?: string | number | null | undefined;
  error: unknown;
  isUserSessionLoad: boolean;
  logs?: unknown;
}

/** Reports one client may send per window. */
export const REPORT_LIMIT = 10;
export const REPORT_WINDOW_MS = 10 * 60_000;

const asText = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));

/**
 * Stores a report from `clientAddress` (the connecting IP; only its hash is kept). Answers
 * the report's id, or null for a dropped repeat; a client over its limit gets a 429.
 */
export async function recordBookingError(
  db: D1Database,
  report: BookingErrorReport,
  clientAddress: string,
  now: number,
  random?: RandomBytes,
): Promise<string | null> {
  const formData = report.formData && typeof report.formData === 'object' ? (report.formData as Record<string, unknown>) : {};
  const calendarId = typeof formData.calendar_id === 'string' ? cutText(formData.calendar_id, 64) : null;
  const eventId = report.eventId === null || report.eventId === undefined ? null : cutText(String(report.eventId), 64);
  const error = cutText(asText(report.error), 4000);
  const clientKey = await sha256Hex(`booking-error-client:${clientAddress}`);
  const digest = await sha256Hex(JSON.stringify([clientKey, eventId, calendarId, error, report.isUserSessionLoad]));
  const id = newId('be', random);
  // One statement: the limit is counted and the row inserted atomically, and the digest's
  // unique index drops a repeat even when two arrive at once.
  const inserted = await db
    .prepare(
      `INSERT INTO booking_errors (id, event_id, calendar_id, error, is_user_session_load, data, client_key, digest, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
       WHERE (SELECT COUNT(*) FROM booking_errors WHERE client_key = ?7 AND created_at > ?10) < ?11
       ON CONFLICT (digest) WHERE digest IS NOT NULL DO NOTHING
       RETURNING id`,
    )
    .bind(
      id,
      eventId,
      calendarId,
      error,
      report.isUserSessionLoad ? 1 : 0,
      JSON.stringify({ formData: report.formData ?? null, logs: report.logs ?? null }),
      clientKey,
      digest,
      now,
      now - REPORT_WINDOW_MS,
      REPORT_LIMIT,
    )
    .first<{ id: string }>();
  if (inserted) {
    console.warn('booking failed in the browser', { id, eventId, calendarId, error });
    return id;
  }
  const repeat = await db.prepare('SELECT 1 AS found FROM booking_errors WHERE digest = ?').bind(digest).first();
  if (repeat) return null;
  throw new ApiError(429, 'Too many error reports; please try again later');
}
