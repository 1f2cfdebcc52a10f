/**
 * Specs of the booking area (./booking-routes.ts). The JSON reschedule is listed before the
 * multipart booking on the same path, so it sees the request first and declines multipart bodies.
 */
import {
  appointmentNoteParams,
  appointmentParams,
  appointmentQuery,
  BOOKING_ERROR_BYTES,
  bookingErrorBody,
  bookingSubmission,
  calendarLinkParams,
  calendarLinkQuery,
  cancelBody,
  freeSlotsQuery,
  holdBody,
  holdParams,
  noteBody,
  releaseHoldBody,
  rescheduleBody,
  servicesQuery,
  setupIntentBody,
  widgetDataQuery,
} from '../booking-calls';
import { bookingRoutes as routes } from './booking-routes';
import { defineCall } from './define-call';

export const bookingCalls = {
  widgetData: defineCall(routes.widgetData, { query: widgetDataQuery }),
  services: defineCall(routes.services, { query: servicesQuery }),
  freeSlots: defineCall(routes.freeSlots, { query: freeSlotsQuery }),
  reschedule: defineCall(routes.reschedule, { json: rescheduleBody }),
  book: defineCall(routes.book, { form: bookingSubmission }),
  setupIntent: defineCall(routes.setupIntent, { json: setupIntentBody }),
  hold: defineCall(routes.hold, { json: holdBody }),
  releaseHold: defineCall(routes.releaseHold, { params: holdParams, json: releaseHoldBody }),
  extendHold: defineCall(routes.extendHold, { params: holdParams, json: releaseHoldBody }),
  bookingError: defineCall(routes.bookingError, { json: bookingErrorBody, limit: BOOKING_ERROR_BYTES }),
  cancel: defineCall(routes.cancel, { params: appointmentParams, json: cancelBody }),
  note: defineCall(routes.note, { params: appointmentNoteParams, json: noteBody }),
  getAppointment: defineCall(routes.getAppointment, { params: appointmentParams, query: appointmentQuery }),
  ics: defineCall(routes.ics, { params: calendarLinkParams, query: calendarLinkQuery }),
  googleEvent: defineCall(routes.googleEvent, { params: calendarLinkParams, query: calendarLinkQuery }),
};
