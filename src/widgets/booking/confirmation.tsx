/** Step 4: the meeting is scheduled (or rescheduled): when, where, add to calendar, reschedule and cancel. */
import { useEffect, useRef } from 'react';
import { appointmentLinks } from '../../lib/appointment-links';
import { fillTemplate } from '../../lib/template';
import { longDate, slotTime, zoneName } from './format';
import type { BookingMessages } from './messages';
import { bookedTitle, RequestNote } from './request-note';
import type { BookedAppointment } from '../../schemas/calls/booking-routes';
import type { BookingCalendar } from './types';

export interface ConfirmationProps {
  messages: BookingMessages;
  lang: string;
  use24h: boolean;
  origin: string;
  calendar: BookingCalendar;
  appointment: BookedAppointment;
  /** The appointment's manage token: its links carry it. */
  token: string;
  rescheduled: boolean;
}

export function Confirmation({ messages: m, lang, use24h, origin, calendar, appointment, token, rescheduled }: ConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const links = appointmentLinks(origin, calendar.id, appointment.id, token);
  const when = `${longDate(appointment.start_time.slice(0, 10), lang)}, ${fillTemplate(m.appointmentTime, {
    start: slotTime(appointment.start_time, use24h, lang),
    end: slotTime(appointment.end_time, use24h, lang),
  })} (${zoneName(appointment.selected_timezone)})`;
  return (
    <section className="ef-booking__done" aria-labelledby="ef-booking-done">
      <div className="ef-booking__check" aria-hidden="true">
        ✓
      </div>
      <h2 id="ef-booking-done" ref={heading} tabIndex={-1}>
        {bookedTitle(m, calendar, rescheduled)}
      </h2>
      {!rescheduled && <RequestNote messages={m} calendar={calendar} />}
      {calendar.thanksMessage && <p>{calendar.thanksMessage}</p>}
      <dl className="ef-booking__facts">
        <dt>{m.when}</dt>
        <dd data-testid="booking-when">{when}</dd>
        {appointment.team_member_name && (
          <>
            <dt>{m.meetingWith}</dt>
            <dd data-testid="booking-with">{appointment.team_member_name}</dd>
          </>
        )}
        {appointment.event_address && (
          <>
            <dt>{m.where}</dt>
            <dd>{appointment.event_address}</dd>
          </>
        )}
      </dl>
      <div className="ef-booking__actions">
        <a className="ef-booking__secondary" href={links.google} target="_blank" rel="noopener noreferrer">
          {m.addToGoogle}
        </a>
        <a className="ef-booking__secondary" href={links.ics} download>
          {m.addToOutlook}
        </a>
      </div>
      <p className="ef-booking__manage">
        <a href={links.reschedule} target="_top">
          {m.rescheduleLink}
        </a>
        <a href={links.cancel} target="_top">
          {m.cancelLink}
        </a>
      </p>
    </section>
  );
}
