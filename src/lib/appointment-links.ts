/**
 * Links of a booked appointment, all built on its id so they keep working after a
 * reschedule: add to Google Calendar, the .ics file, reschedule and cancel. Each carries the
 * appointment's manage token: the id alone names the booking, the token lets its holder see
 * and change it (src/platform/services/appointment-access.ts). The confirmation shows them,
 * and the .ics file and Google event repeat the reschedule and cancel links.
 */
import { bookingRoutes } from '../schemas/calls/booking-routes';
import { apiPath } from '../schemas/calls/define-call';

export interface AppointmentLinks {
  google: string;
  ics: string;
  reschedule: string;
  cancel: string;
}

export function appointmentLinks(origin: string, calendarId: string, appointmentId: string, token: string): AppointmentLinks {
  const manage = new URLSearchParams({ event_id: appointmentId, token }).toString();
  return {
    google: origin + apiPath(bookingRoutes.googleEvent, { appointmentId }, { token }),
    ics: origin + apiPath(bookingRoutes.ics, { appointmentId }, { token }),
    reschedule: `${origin}/widget/booking/${encodeURIComponent(calendarId)}?${manage}`,
    cancel: `${origin}/widget/cancel-booking?${manage}`,
  };
}
