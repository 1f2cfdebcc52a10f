/**
 * A calendar whose bookings are requests awaiting the seller's confirmation (`auto_confirm`
 * false, requirements PAGE-ERRORS-8): after booking, the heading says the appointment is
 * requested and the seed's text names the office's contact, where it says it is scheduled.
 */
import { fillTemplate } from '../../lib/template';
import type { BookingMessages } from './messages';
import type { BookingCalendar } from './types';

/** The heading of steps 3 and 4. */
export function bookedTitle(m: BookingMessages, calendar: Pick<BookingCalendar, 'requestContact'>, rescheduled = false): string {
  if (rescheduled) return m.rescheduled;
  return calendar.requestContact === null ? m.scheduled : m.popupRequested;
}

/** 'We will contact you shortly to confirm your request…', when the booking is a request and the office has a contact. */
export function RequestNote({ messages: m, calendar }: { messages: BookingMessages; calendar: Pick<BookingCalendar, 'requestContact'> }) {
  if (!calendar.requestContact) return null;
  return (
    <p className="ef-booking__request" data-testid="request-note">
      {fillTemplate(m.requestConfirmation, { contactMethod: calendar.requestContact })}
    </p>
  );
}
