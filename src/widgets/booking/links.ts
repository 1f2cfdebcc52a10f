/**
 * Links of a booked appointment, all built on its id so they keep working after a
 * reschedule: add to Google Calendar, the .ics file, reschedule and cancel.
 */
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import { apiPath } from '../../schemas/calls/define-call';

export interface AppointmentLinks {
  google: string;
  ics: string;
  reschedule: string;
  cancel: string;
}

export function appointmentLinks(origin: string, calendarId: string, appointmentId: string): AppointmentLinks {
  const id = encodeURIComponent(appointmentId);
  return {
    google: origin + apiPath(bookingRoutes.googleEvent, { appointmentId }),
    ics: origin + apiPath(bookingRoutes.ics, { appointmentId }),
    reschedule: `${origin}/widget/booking/${encodeURIComponent(calendarId)}?event_id=${id}`,
    cancel: `${origin}/widget/cancel-booking?event_id=${id}`,
  };
}
