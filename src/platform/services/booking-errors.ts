/** Reports of bookings that failed in the visitor's browser after the booking call; kept for the seller's support. */
import { newId, type RandomBytes } from '../../lib/ids';

export interface BookingErrorReport {
  formData?: unknown;
  eventId?: string | number | null | undefined;
  error: unknown;
  isUserSessionLoad: boolean;
  logs?: unknown;
}

const asText = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));

/** Logs and stores a report; answers its id. */
export async function recordBookingError(db: D1Database, report: BookingErrorReport, now: number, random?: RandomBytes): Promise<string> {
  const id = newId('be', random);
  const formData = report.formData && typeof report.formData === 'object' ? (report.formData as Record<string, unknown>) : {};
  const calendarId = typeof formData.calendar_id === 'string' ? formData.calendar_id.slice(0, 64) : null;
  const eventId = report.eventId === null || report.eventId === undefined ? null : String(report.eventId).slice(0, 64);
  const error = asText(report.error).slice(0, 4000);
  console.warn('booking failed in the browser', { id, eventId, calendarId, error });
  await db
    .prepare('INSERT INTO booking_errors (id, event_id, calendar_id, error, is_user_session_load, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(id, eventId, calendarId, error, report.isUserSessionLoad ? 1 : 0, JSON.stringify({ formData: report.formData ?? null, logs: report.logs ?? null }), now)
    .run();
  return id;
}
