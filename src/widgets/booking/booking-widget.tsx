/**
 * The booking widget: one island for its own page (/widget/booking, the service and
 * provider pages), a frame and a funnel page's calendar element. The server does not know
 * the zone the visitor's browser is in, so without one it renders the busy state and the
 * flow starts once the browser has guessed the zone. A zone it does know (the calendar fixes
 * it, the event being rescheduled has one, or the page was rendered with free slots in the
 * zone the edge placed the visitor in) renders the whole flow at once; with prerendered
 * slots the flow moves to the guessed zone when it wakes, if that differs.
 */
import { startTransition, useEffect, useState } from 'react';
import { guessTimeZone } from '../../lib/time/zones';
import { BookingFlow, givenZone, widgetLanguage } from './booking-flow';
import type { BookingWidgetProps } from './types';

export default function BookingWidget(props: BookingWidgetProps) {
  const [zone, setZone] = useState(givenZone(props) ?? props.prerendered?.zone ?? null);
  useEffect(() => {
    if (zone) return;
    const guessed = guessTimeZone();
    // The whole calendar renders now: as a transition, React yields to the page between
    // its parts instead of holding the main thread for all of it.
    startTransition(() => setZone(guessed));
  }, [zone]);
  if (!zone) {
    return (
      <div className="ef-booking ef-booking--starting" lang={widgetLanguage(props)}>
        <p className="ef-booking__status" role="status">
          {props.messages.findingSlots}
        </p>
      </div>
    );
  }
  return <BookingFlow {...props} initialZone={zone} />;
}
