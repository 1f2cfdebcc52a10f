/**
 * Calls of the booking area (requirements WIDGET-CALLS), plus the add-to-calendar links. POST
 * /appointment is two calls on one path: JSON reschedules, multipart books; the JSON one
 * is listed first so it sees the request first and declines multipart bodies.
 */
import * as v from 'valibot';
import {
  appointmentNoteParams,
  appointmentParams,
  BOOKING_ERROR_BYTES,
  bookingErrorBody,
  bookingSubmission,
  cancelBody,
  freeSlotsQuery,
  holdBody,
  holdParams,
  noteBody,
  rescheduleBody,
  servicesQuery,
  setupIntentBody,
  widgetDataQuery,
} from '../booking-calls';
import { id } from '../common';
import { answerType, defineCall } from './define-call';

const linkParams = v.object({ appointmentId: id });

/** The appointment as the booking calls answer it. */
export interface BookedAppointment {
  id: string;
  start_time: string;
  end_time: string;
  selected_timezone: string;
  calendar_id: string;
  event_address: string;
}

/** Free slots by day (YYYY-MM-DD) in the asked zone. */
export type FreeSlots = Record<string, { slots: string[] }>;

/** What a booking answers. */
export interface BookingAnswer {
  id: string;
  appointment: BookedAppointment & { fingerprint: string };
  fingerprint: string;
  contactId: string;
  calendarThankYouUrl?: string;
}

/** The free-slots call's query: one calendar's slots from `startDate` to `endDate` (ms), listed in `timezone`. */
export function freeSlotsFor(ask: { calendarId: string; startDate: number; endDate: number; timezone: string }) {
  return { calendar_id: ask.calendarId, startDate: ask.startDate, endDate: ask.endDate, timezone: ask.timezone };
}

export const bookingCalls = {
  widgetData: defineCall({ method: 'GET', path: '/appointment/widget_data', query: widgetDataQuery }),
  services: defineCall({ method: 'GET', path: '/appointment/services', query: servicesQuery }),
  freeSlots: defineCall({ method: 'GET', path: '/appointment/free-slots', query: freeSlotsQuery, answer: answerType<FreeSlots>() }),
  reschedule: defineCall({ method: 'POST', path: '/appointment', json: rescheduleBody, answer: answerType<{ appointment: BookedAppointment }>() }),
  book: defineCall({ method: 'POST', path: '/appointment', form: bookingSubmission, answer: answerType<BookingAnswer>() }),
  setupIntent: defineCall({ method: 'POST', path: '/appointment/setup-intent', json: setupIntentBody, answer: answerType<{ client_secret?: string }>() }),
  hold: defineCall({ method: 'POST', path: '/appointment/hold', json: holdBody, answer: answerType<{ hold_id: string; expires_at: number }>() }),
  releaseHold: defineCall({ method: 'POST', path: '/appointment/hold/:holdId/release', params: holdParams }),
  bookingError: defineCall({ method: 'POST', path: '/appointment/booking-error', json: bookingErrorBody, limit: BOOKING_ERROR_BYTES }),
  cancel: defineCall({ method: 'POST', path: '/appointment/:id/cancel', params: appointmentParams, json: cancelBody, answer: answerType<{ appointment: BookedAppointment }>() }),
  note: defineCall({ method: 'POST', path: '/appointment/:appointmentId/note', params: appointmentNoteParams, json: noteBody }),
  getAppointment: defineCall({ method: 'GET', path: '/appointment/:id', params: appointmentParams }),
  ics: defineCall({ method: 'GET', path: '/google/calendar/get-ics/:appointmentId', params: linkParams }),
  googleEvent: defineCall({ method: 'GET', path: '/google/calendar/add-event/:appointmentId', params: linkParams }),
};
