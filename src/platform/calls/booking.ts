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
} from '../../schemas/booking-calls';
import { id } from '../../schemas/common';
import { defineCall } from '../call';

const linkParams = v.object({ appointmentId: id });

export const bookingCalls = {
  widgetData: defineCall({ method: 'GET', path: '/appointment/widget_data', query: widgetDataQuery }),
  services: defineCall({ method: 'GET', path: '/appointment/services', query: servicesQuery }),
  freeSlots: defineCall({ method: 'GET', path: '/appointment/free-slots', query: freeSlotsQuery }),
  reschedule: defineCall({ method: 'POST', path: '/appointment', json: rescheduleBody }),
  book: defineCall({ method: 'POST', path: '/appointment', form: bookingSubmission }),
  setupIntent: defineCall({ method: 'POST', path: '/appointment/setup-intent', json: setupIntentBody }),
  hold: defineCall({ method: 'POST', path: '/appointment/hold', json: holdBody }),
  releaseHold: defineCall({ method: 'POST', path: '/appointment/hold/:holdId/release', params: holdParams }),
  bookingError: defineCall({ method: 'POST', path: '/appointment/booking-error', json: bookingErrorBody, limit: BOOKING_ERROR_BYTES }),
  cancel: defineCall({ method: 'POST', path: '/appointment/:id/cancel', params: appointmentParams, json: cancelBody }),
  note: defineCall({ method: 'POST', path: '/appointment/:appointmentId/note', params: appointmentNoteParams, json: noteBody }),
  getAppointment: defineCall({ method: 'GET', path: '/appointment/:id', params: appointmentParams }),
  ics: defineCall({ method: 'GET', path: '/google/calendar/get-ics/:appointmentId', params: linkParams }),
  googleEvent: defineCall({ method: 'GET', path: '/google/calendar/add-event/:appointmentId', params: linkParams }),
};
