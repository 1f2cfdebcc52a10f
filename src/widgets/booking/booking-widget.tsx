/**
 * The booking widget: one island for its own page (/widget/booking, the service and
 * provider pages), a frame and a funnel page's calendar element. The server cannot know
 * the visitor's time zone, so it renders the busy state; the flow starts once the browser
 * has guessed the zone (or the calendar fixes it).
 */
import { startTransition, useEffect, useState } from 'react';
import { guessTimeZone } from '../../lib/time/zone-aliases';
import { BookingFlow } from './booking-flow';
import type { BookingWidgetProps } from './types';

export default function BookingWidget(props: BookingWidgetProps) {
  const [zone, setZone] = useState(props.settings.fixedZone ?? props.event?.selectedTimezone ?? null);
  useEffect(() => {
    if (zone) return;
    const guessed = guessTimeZone();
    // The whole calendar renders now: as a transition, React yields to the page between
    // its parts instead of holding the main thread for all of it.
    startTransition(() => setZone(guessed));
  }, [zone]);
  if (!zone) {
    return (
      <div className="ef-booking ef-booking--starting">
        <p className="ef-booking__status" role="status">
          {props.messages.findingSlots}
        </p>
      </div>
    );
  }
  return <BookingFlow {...props} initialZone={zone} />;
}
