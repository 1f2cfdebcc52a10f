/**
 * Routes of the booking area (requirements WIDGET-CALLS), plus the add-to-calendar links, with
 * their answers. POST /appointment is two calls on one path: JSON reschedules, multipart books.
 */
import type {
  appointmentNoteParams,
  appointmentParams,
  appointmentQuery,
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
import { route } from './define-call';

/** The appointment as the booking calls answer it. */
export interface BookedAppointment {
  id: string;
  start_time: string;
  end_time: string;
  selected_timezone: string;
  calendar_id: string;
  event_address: string;
  /** Team calendars: who the meeting is with. */
  user_id?: string | null;
  team_member_name?: string | null;
}

/** Free slots by day (YYYY-MM-DD) in the asked zone. */
export type FreeSlots = Record<string, { slots: string[] }>;

/** What a booking answers. */
export interface BookingAnswer {
  id: string;
  /** The appointment's manage token, for its reschedule and cancel links. */
  manage_token: string;
  appointment: BookedAppointment & { fingerprint: string };
  fingerprint: string;
  contactId: string;
  /** The token the browser keeps with the sticky contact, to claim it as `contact_id` next time. */
  contactToken: string;
  sessionId: string;
  sessionFingerprint: string;
  calendarThankYouUrl?: string;
}

/** The free-slots call's query: one calendar's slots from `startDate` to `endDate` (ms), listed in `timezone`. */
export function freeSlotsFor(ask: { calendarId: string; startDate: number; endDate: number; timezone: string; userId?: string | null }) {
  return {
    calendar_id: ask.calendarId,
    startDate: ask.startDate,
    endDate: ask.endDate,
    timezone: ask.timezone,
    ...(ask.userId ? { user_id: ask.userId } : {}),
  };
}

export const bookingRoutes = {
  widgetData: route<{ query: typeof widgetDataQuery }>('GET', '/appointment/widget_data'),
  services: route<{ query: typeof servicesQuery }>('GET', '/appointment/services'),
  freeSlots: route<{ query: typeof freeSlotsQuery; answer: FreeSlots }>('GET', '/appointment/free-slots'),
  reschedule: route<{ json: typeof rescheduleBody; answer: { appointment: BookedAppointment } }>('POST', '/appointment'),
  book: route<{ form: typeof bookingSubmission; answer: BookingAnswer }>('POST', '/appointment'),
  setupIntent: route<{ json: typeof setupIntentBody; answer: { client_secret?: string } }>('POST', '/appointment/setup-intent'),
  hold: route<{ json: typeof holdBody; answer: { hold_id: string; hold_token: string; expires_at: number } }>('POST', '/appointment/hold'),
  releaseHold: route<{ params: typeof holdParams; json: typeof releaseHoldBody }>('POST', '/appointment/hold/:holdId/release'),
  extendHold: route<{ params: typeof holdParams; json: typeof releaseHoldBody; answer: { expires_at: number } }>('POST', '/appointment/hold/:holdId/extend'),
  bookingError: route<{ json: typeof bookingErrorBody }>('POST', '/appointment/booking-error'),
  cancel: route<{ params: typeof appointmentParams; json: typeof cancelBody; answer: { appointment: BookedAppointment } }>('POST', '/appointment/:id/cancel'),
  note: route<{ params: typeof appointmentNoteParams; json: typeof noteBody }>('POST', '/appointment/:appointmentId/note'),
  getAppointment: route<{ params: typeof appointmentParams; query: typeof appointmentQuery }>('GET', '/appointment/:id'),
  ics: route<{ params: typeof calendarLinkParams; query: typeof calendarLinkQuery }>('GET', '/google/calendar/get-ics/:appointmentId'),
  googleEvent: route<{ params: typeof calendarLinkParams; query: typeof calendarLinkQuery }>('GET', '/google/calendar/add-event/:appointmentId'),
};
