/**
 * Booking a slot (POST /appointment, multipart): the slot is checked with the same
 * availability function as the slot list, the answers with the calendar form's field
 * rules, then the appointment, its submission and uploads are inserted in one batch. The
 * unique slot index settles a race between two visitors: the second insert fails and
 * nothing of it is written. The contact is upserted once the slot is held.
 */
import type { FieldError } from '../../lib/validation/fields';
import { newId } from '../../lib/ids';
import type { BookingSubmission } from '../../schemas/booking-calls';
import { type CalendarDocument, isPaidCalendar } from '../../schemas/calendar';
import { ApiError } from '../http';
import { activeAppointment, type AppointmentRow, getAppointment, isSlotConflict, moveAppointment, SLOT_TAKEN } from './appointments';
import { calendarForm } from './calendars';
import { upsertContact } from './contacts';
import type { Location } from './locations';
import { slotIsFree } from './slots';
import { type PreparedSubmission, prepareSubmission, type SubmitEnv, type SubmitRequest, submissionRows } from './submissions';
import { discardUploads, storeUploads, uploadRows } from './uploads';

export interface Booked {
  appointment: AppointmentRow;
  contactId: string;
  prepared: PreparedSubmission;
}

function paymentOf(calendar: CalendarDocument, payload: BookingSubmission): string | null {
  if (!isPaidCalendar(calendar)) return null;
  if (payload.stripePaymentResult) return JSON.stringify({ stripePaymentResult: payload.stripePaymentResult });
  if (payload.stripeToken) return JSON.stringify({ stripeToken: payload.stripeToken });
  throw new ApiError(400, 'Card payment is required to book this calendar.', 'stripePaymentResult');
}

function insertAppointment(env: SubmitEnv, a: { id: string; calendar: CalendarDocument; start: number; zone: string; notes: string | null; fingerprint: string; payment: string | null; submissionId: string }) {
  return env.db
    .prepare(
      `INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, status, selected_timezone, notes, fingerprint, payment, submission_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'booked', ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(a.id, a.calendar.id, a.calendar.locationId, a.start, a.start + a.calendar.slot_duration * 60_000, a.zone, a.notes, a.fingerprint, a.payment, a.submissionId, env.now, env.now);
}

/** Books (or, with event_id, moves) an appointment; field errors come back unwritten. */
export async function bookAppointment(
  env: SubmitEnv,
  input: { calendar: CalendarDocument; location: Location; payload: BookingSubmission; files: Map<string, File[]> },
): Promise<Booked | { errors: FieldError[] }> {
  const { calendar, payload } = input;
  const payment = paymentOf(calendar, payload);
  const existing = payload.event_id ? await activeAppointment(env.db, payload.event_id, calendar.id) : null;
  if (!(await slotIsFree(env.db, calendar, payload.selected_slot, env.now, existing?.id))) throw new ApiError(409, SLOT_TAKEN);
  const form = await calendarForm(env.db, calendar);
  const req: SubmitRequest = {
    kind: 'appointment',
    locationId: calendar.locationId,
    country: input.location.country,
    fields: form.fields,
    mode: 'form',
    payload,
    files: input.files,
  };
  const prepared = await prepareSubmission(env, req);
  if ('errors' in prepared) return prepared;
  prepared.contact.timezone = payload.selected_timezone;
  const notes = typeof prepared.values.calendar_notes === 'string' ? prepared.values.calendar_notes : null;
  const submissionId = newId('sub', env.random);
  const id = existing?.id ?? newId('apt', env.random);
  const row = { id: submissionId, refId: calendar.id, contactId: null, extra: { appointmentId: id } };

  await storeUploads(env.bucket, prepared.uploads);
  try {
    if (existing) await moveAppointment(env.db, calendar, existing, { start: payload.selected_slot, zone: payload.selected_timezone }, env.now);
    const statements = [
      ...(existing
        ? [env.db.prepare('UPDATE appointments SET submission_id = ?, payment = COALESCE(?, payment) WHERE id = ?').bind(submissionId, payment, id)]
        : [insertAppointment(env, { id, calendar, start: payload.selected_slot, zone: payload.selected_timezone, notes, fingerprint: prepared.fingerprint, payment, submissionId })]),
      ...submissionRows(env, req, prepared, row),
      ...uploadRows(env.db, prepared.uploads, prepared.uploadSource, submissionId, env.now),
    ];
    await env.db.batch(statements);
  } catch (err) {
    await discardUploads(env.bucket, prepared.uploads);
    if (isSlotConflict(err)) throw new ApiError(409, SLOT_TAKEN);
    throw err;
  }

  const contact = await upsertContact(env.db, prepared.contact, env.now, env.random);
  await env.db.batch([
    env.db.prepare('UPDATE appointments SET contact_id = ? WHERE id = ?').bind(contact.id, id),
    env.db.prepare('UPDATE submissions SET contact_id = ? WHERE id = ?').bind(contact.id, submissionId),
  ]);
  const appointment = await getAppointment(env.db, id);
  if (!appointment) throw new Error(`appointment ${id} vanished after booking`);
  return { appointment, contactId: contact.id, prepared };
}
