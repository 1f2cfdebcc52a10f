/**
 * POST /appointment/booking-error (requirements WIDGET-CALLS, WIDGET-ROWS): the widget's own
 * work after a booking (remembering the contact, telling the page around it, the redirect)
 * failed. The booking itself stands; nobody waits for the answer.
 */
import { callApi } from '../../client/api';
import { type BookingAnswer, bookingRoutes } from '../../schemas/calls/booking-routes';

export function reportBookingError(answer: BookingAnswer, contact: Record<string, string>, error: unknown): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  void callApi(bookingRoutes.bookingError, {
    json: { formData: JSON.stringify(contact).slice(0, 4000), eventId: answer.id, error: text.slice(0, 2000) || 'unknown', isUserSessionLoad: false },
  }).catch(() => undefined);
}
