/**
 * Booking a slot (POST /appointment, multipart). Everything is checked first: the slot
 * with the same availability function as the slot list, the answers with the calendar
 * form's field rules, and for a paid calendar the card setup with the payment provider
 * (this location, succeeded, this calendar's amount). Then one batch writes the contact,
 * the appointment with the minutes it claims, its submission, uploads and consent record
 * (./consent.ts) and its webhook events (../webhooks/outbox.ts). A claimed minute fails the batch, so two overlapping bookings racing past
 * the check leave exactly one, and a failure leaves nothing half-written for the visitor's retry to trip over.
 * With `event_id` (and that appointment's manage token) the same batch moves that
 * appointment instead of creating one; it stays the contact's it was booked by, whatever
 * name and email the form carries.
 *
 * On a team calendar the appointment goes to one member (./round-robin.ts): the named one,
 * else the moved appointment's own, else the next free one in round-robin order. Each is
 * tried with its own batch until one is not refused by a claimed minute.
 */
import { type ExperimentTag, experimentTag } from './experiment-tags';
import { placeOf } from './record-submission';
import { newId } from '../../lib/ids';
import type { FieldError } from '../../lib/validation/fields';
import type { BookingSubmission } from '../../schemas/booking-calls';
import type { CalendarDocument } from '../../schemas/calendar';
import { ApiError } from '../http';
import type { PaymentProvider } from '../payments/provider';
import { requireManage } from './appointment-access';
import { activeAppointment, type AppointmentRow, getAppointment, moveStatements } from './appointments';
import { verifyBookingPayment } from './booking-payment';
import { clearExpiredHolds, liveHold, releaseHoldStatements } from './booking-holds';
import { calendarForm } from './calendars';
import { prepareContactWrite } from './contacts';
import type { Location } from './locations';
import { hostsFor } from './round-robin';
import { claimMinutes, isSlotConflict, SLOT_TAKEN } from './slots';
import { FORM_TOKEN_FIELD } from '../../lib/spam-defence';
import { claimFormToken, isTokenClaimed, tokenUsedError } from './form-token';
import { submissionConsent } from './consent';
import { idempotencyKeyOf, type PreparedSubmission, prepareSubmission, type SubmitEnv, type SubmitRequest, submissionRows } from './submissions';
import { discardUploads, storeUploads, uploadRows } from './uploads';
import { contactEvent, outboxBatch } from '../webhooks/outbox';

export interface Booked {
  appointment: AppointmentRow;
  contactId: string;
  prepared: PreparedSubmission;
}

export interface BookingInput {
  calendar: CalendarDocument;
  location: Location;
  payload: BookingSubmission;
  files: Map<string, File[]>;
  /** The card provider; null while cards are not configured. */
  payments: PaymentProvider | null;
}

function insertAppointment(
  env: SubmitEnv,
  a: {
    id: string;
    calendar: CalendarDocument;
    start: number;
    zone: string;
    notes: string | null;
    fingerprint: string;
    payment: string | null;
    setupIntentId: string | null;
    submissionId: string;
    userId: string | null;
    prepared: PreparedSubmission;
    tag: ExperimentTag | null;
  },
) {
  const { place, touches } = a.prepared;
  return env.db
    .prepare(
      `INSERT INTO appointments (id, calendar_id, user_id, location_id, start_time, end_time, status, selected_timezone, notes, fingerprint, payment, setup_intent_id,
         submission_id, funnel_id, step_id, first_touch, last_touch, created_at, updated_at, experiment_id, variant_id, domain, page_url)
       VALUES (?, ?, ?, ?, ?, ?, 'booked', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      a.id,
      a.calendar.id,
      a.userId,
      a.calendar.locationId,
      a.start,
      a.start + a.calendar.slot_duration * 60_000,
      a.zone,
      a.notes,
      a.fingerprint,
      a.payment,
      a.setupIntentId,
      a.submissionId,
      place?.funnelId ?? null,
      place?.stepId ?? null,
      touches.first,
      touches.last,
      env.now,
      env.now,
      a.tag?.experimentId ?? null,
      a.tag?.variantId ?? null,
      a.prepared.where.domain,
      a.prepared.where.pageUrl,
    );
}

/** Books (or, with event_id, moves) an appointment; field errors come back unwritten. */
export async function bookAppointment(env: SubmitEnv, input: BookingInput): Promise<Booked | { errors: FieldError[] }> {
  const { calendar, payload } = input;
  const start = payload.selected_slot;
  if (payload.event_id) await requireManage(env.secrets ?? {}, payload.event_id, payload.manage_token);
  const existing = payload.event_id ? await activeAppointment(env.db, payload.event_id, calendar.id) : null;
  const hold = payload.hold_id ? await liveHold(env.db, payload.hold_id, calendar.id, start, env.now) : null;
  const except = [existing?.id, hold?.id].filter((x): x is string => !!x);
  const hosts = await hostsFor(env.db, calendar, start, env.now, {
    wanted: hold?.user_id || payload.user_id,
    previous: existing?.user_id,
    except,
  });
  if (hosts.length === 0) throw new ApiError(409, SLOT_TAKEN);
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
  // A moved appointment keeps the payment it was booked with.
  const payment = existing ? null : await verifyBookingPayment(input.payments, calendar, payload);
  prepared.contact.timezone = payload.selected_timezone;
  const notes = typeof prepared.values.calendar_notes === 'string' ? prepared.values.calendar_notes : null;
  const submissionId = newId('sub', env.random);
  const id = existing?.id ?? newId('apt', env.random);
  const contact = existing ? null : await prepareContactWrite(env.db, prepared.contact, env.now, env.random);
  const zone = payload.selected_timezone;
  const tag = await experimentTag(env.db, env.variantCookies, placeOf(req));

  const slotWrites = (userId: string | null) =>
    existing
      ? moveStatements(env.db, calendar, existing, { start, zone, userId }, env.now)
      : [
          ...clearExpiredHolds(env.db, calendar.id, env.now),
          ...(hold ? releaseHoldStatements(env.db, hold.id) : []),
          insertAppointment(env, {
            id,
            calendar,
            start,
            zone,
            notes,
            fingerprint: prepared.fingerprint,
            payment: payment?.json ?? null,
            setupIntentId: payment?.setupIntentId ?? null,
            submissionId,
            userId,
            prepared,
            tag,
          }),
          claimMinutes(env.db, calendar.id, { start, end: start + calendar.slot_duration * 60_000 }, id, userId),
        ];
  // A move keeps the appointment's contact: its answers are recorded under that contact, and
  // a form filled in with someone else's name and email takes nothing over.
  const contactWrites = !contact
    ? submissionRows(env, req, prepared, { id: submissionId, refId: calendar.id, contactId: existing?.contact_id ?? null, extra: { appointmentId: id }, tag })
    : [
        contact.statement,
        env.db
          .prepare(`UPDATE appointments SET contact_id = ${contact.idSql.sql}, submission_id = ? WHERE id = ?`)
          .bind(...contact.idSql.params, submissionId, id),
        ...submissionRows(env, req, prepared, { id: submissionId, refId: calendar.id, contactId: null, extra: { appointmentId: id }, tag }),
        env.db.prepare(`UPDATE submissions SET contact_id = ${contact.idSql.sql} WHERE id = ?`).bind(...contact.idSql.params, submissionId),
      ];
  const consent = await submissionConsent(env, req, prepared.values, {
    kind: 'calendar',
    id,
    contact: contact ? contact.idSql : { sql: '?', params: [existing?.contact_id ?? null] },
    document: calendar.form_id ? { table: 'forms', id: calendar.form_id } : null,
  });
  const statements = (userId: string | null) => [
    ...slotWrites(userId),
    ...contactWrites,
    ...consent,
    ...uploadRows(env.db, prepared.uploads, prepared.uploadSource, submissionId, env.now),
    ...claimFormToken(env.db, 'calendar', calendar.id, payload[FORM_TOKEN_FIELD], idempotencyKeyOf(payload)),
    // A move's batch (moveStatements) already holds its appointment.rescheduled event.
    ...(contact ? outboxBatch(env.db, [contactEvent(contact), { type: 'appointment.booked', kind: 'appointment', recordId: id }], env.now, env.random) : []),
  ];

  await storeUploads(env.bucket, prepared.uploads);
  try {
    await batchWithFirstFreeHost(env.db, hosts, statements);
  } catch (err) {
    await discardUploads(env.bucket, prepared.uploads);
    if (isSlotConflict(err)) throw new ApiError(409, SLOT_TAKEN);
    if (isTokenClaimed(err)) throw tokenUsedError();
    if (err instanceof Error && /UNIQUE constraint failed: appointments\.setup_intent_id/.test(err.message)) {
      throw new ApiError(409, 'This card setup has already paid for a booking. Please enter your card again.');
    }
    throw err;
  }
  const appointment = await getAppointment(env.db, id);
  if (!appointment?.contact_id) throw new Error(`appointment ${id} has no contact after booking`);
  return { appointment, contactId: appointment.contact_id, prepared };
}

/** Runs the booking's batch with each host in turn until one is not refused by a claimed minute. */
async function batchWithFirstFreeHost(
  db: D1Database,
  hosts: readonly (string | null)[],
  statements: (host: string | null) => D1PreparedStatement[],
): Promise<void> {
  for (const [i, host] of hosts.entries()) {
    try {
      await db.batch(statements(host));
      return;
    } catch (err) {
      if (!isSlotConflict(err) || i === hosts.length - 1) throw err;
    }
  }
}
