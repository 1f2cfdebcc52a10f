/**
 * POST /appointment (book and reschedule), setup-intent, hold, booking-error, cancel, note and
 * GET /appointment/{id}. Rescheduling, cancelling and the note take the appointment's manage
 * token (services/appointment-access.ts); without it GET answers what a stranger may see.
 */
import type { Hono } from 'hono';
import { bookingCalls as calls } from '../../schemas/calls/booking';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { canManage, manageToken, requireManage } from '../services/appointment-access';
import { activeAppointment, addNote, cancelAppointment, eventView, getAppointment, moveAppointment, NO_EVENT, strangerView } from '../services/appointments';
import { afterBookingUrl } from '../services/after-booking';
import { recordBookingError } from '../services/booking-errors';
import { assertWithinCallLimit } from '../services/call-limits';
import { extendHold, HOLD_NOT_PAID, holdSlot, holdToken, releaseHoldStatements, requireHolder, TOO_MANY_HOLDS } from '../services/booking-holds';
import { createBookingSetupIntent } from '../services/booking-setup-intent';
import { paymentProviderFrom } from '../payments';
import { bookAppointment } from '../services/bookings';
import { getCalendar } from '../services/calendars';
import { getLocation } from '../services/locations';
import { isPaidCalendar } from '../../schemas/calendar';
import { rateLimitScale } from '../services/rate-limit';
import { defendSubmission } from '../services/spam-defence';
import { clientIp, defenceInput, fieldErrors, refusedAnswer, submitEnv } from './submit-env';
import { stickyContactToken } from '../services/visitor-claims';

const NO_CALENDAR = 'Unable to find calendar';

export function registerAppointmentRoutes(app: Hono<AppEnv>): void {
  mount(app, calls.reschedule, async (c, { json }) => {
    const calendar = await getCalendar(c.env.DB, json.calendar_id);
    if (!calendar) throw new ApiError(404, NO_CALENDAR);
    await requireManage(c.env, json.event_id, json.token);
    const row = await activeAppointment(c.env.DB, json.event_id, calendar.id);
    const moved = await moveAppointment(c.env.DB, calendar, row, { start: json.selected_slot, zone: json.timezone }, c.var.now);
    const appointment = eventView(moved, calendar);
    return c.json({ status: true, id: moved.id, appointment, event_address: appointment.event_address });
  });

  mount(app, calls.book, async (c, { form: payload, files }) => {
    const calendar = await getCalendar(c.env.DB, payload.calendar_id);
    if (!calendar) throw new ApiError(404, NO_CALENDAR);
    const location = await getLocation(c.env.DB, calendar.locationId);
    if (!location) throw new ApiError(404, NO_CALENDAR);
    const env = submitEnv(c, calendar.timezone);
    const refused = refusedAnswer(c, await defendSubmission(defenceInput(c, env, 'calendar', calendar.id, payload)));
    if (refused) return refused;
    const booked = await bookAppointment(env, { calendar, location, payload, files, payments: await paymentProviderFrom(c.env) });
    if ('errors' in booked) return fieldErrors(c, booked.errors);
    const event = eventView(booked.appointment, calendar);
    const thankYou = afterBookingUrl(calendar);
    return c.json({
      contactId: booked.contactId,
      // The token the visitor's browser keeps with its sticky contact (services/visitor-claims.ts).
      contactToken: await stickyContactToken(c.env, calendar.locationId, booked.contactId),
      appointment: { ...event, fingerprint: booked.prepared.fingerprint },
      id: event.id,
      manage_token: await manageToken(c.env, event.id),
      event_address: event.event_address,
      fingerprint: booked.prepared.fingerprint,
      sessionId: booked.prepared.sessionId,
      sessionFingerprint: booked.prepared.sessionFingerprint,
      ...(thankYou ? { calendarThankYouUrl: thankYou } : {}),
    });
  });

  mount(app, calls.setupIntent, async (c, { json }) => {
    if (!(await getLocation(c.env.DB, json.locationId))) throw new ApiError(404, 'Unable to find location');
    const calendar = json.calendar_id ? await getCalendar(c.env.DB, json.calendar_id) : null;
    if (json.calendar_id && calendar?.locationId !== json.locationId) throw new ApiError(404, NO_CALENDAR);
    return c.json({ client_secret: await createBookingSetupIntent(await paymentProviderFrom(c.env), json.locationId, calendar) });
  });

  mount(app, calls.hold, async (c, { json }) => {
    const calendar = await getCalendar(c.env.DB, json.calendar_id);
    if (!calendar) throw new ApiError(404, NO_CALENDAR);
    // A free calendar is refused before it costs the client a hold of its limit.
    if (!isPaidCalendar(calendar)) throw new ApiError(400, HOLD_NOT_PAID);
    await assertWithinCallLimit(c.env.DB, 'hold', { ip: clientIp(c), scope: calendar.id }, c.var.now, rateLimitScale(c.env), TOO_MANY_HOLDS);
    const hold = await holdSlot(c.env.DB, calendar, json.selected_slot, c.var.now, c.var.random, json.user_id || null);
    return c.json({ hold_id: hold.id, hold_token: await holdToken(c.env, hold.id), expires_at: hold.expires_at });
  });

  mount(app, calls.releaseHold, async (c, { params, json }) => {
    await requireHolder(c.env, params.holdId, json.token);
    await c.env.DB.batch(releaseHoldStatements(c.env.DB, params.holdId));
    return c.json({ status: true });
  });

  mount(app, calls.extendHold, async (c, { params, json }) => {
    await requireHolder(c.env, params.holdId, json.token);
    return c.json({ expires_at: await extendHold(c.env.DB, params.holdId, c.var.now) });
  });

  mount(app, calls.bookingError, async (c, { json }) => {
    const client = clientIp(c) ?? 'unknown';
    const id = await recordBookingError(c.env.DB, json, client, c.var.now, c.var.random);
    return c.json({ ok: true, ...(id ? {} : { duplicate: true }) });
  });

  mount(app, calls.cancel, async (c, { params, json }) => {
    await requireManage(c.env, params.id, json.token);
    const row = await cancelAppointment(c.env.DB, params.id, json.reason, c.var.now);
    return c.json({ status: true, appointment: eventView(row, await getCalendar(c.env.DB, row.calendar_id)) });
  });

  mount(app, calls.note, async (c, { params, json }) => {
    await requireManage(c.env, params.appointmentId, json.token);
    const row = await addNote(c.env.DB, params.appointmentId, json.notes, c.var.now);
    return c.json({ status: true, appointment: eventView(row, await getCalendar(c.env.DB, row.calendar_id)) });
  });

  mount(app, calls.getAppointment, async (c, { params, query }) => {
    const row = await getAppointment(c.env.DB, params.id);
    if (!row) throw new ApiError(404, NO_EVENT);
    const calendar = await getCalendar(c.env.DB, row.calendar_id);
    return c.json((await canManage(c.env, row.id, query.token)) ? eventView(row, calendar) : strangerView(row, calendar));
  });
}
