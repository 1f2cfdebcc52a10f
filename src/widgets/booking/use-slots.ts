/**
 * Free slots of one calendar month in one zone. Changing the month, the zone or the
 * calendar refetches; only the latest answer is applied, so a slow answer for a month the
 * visitor already left never overwrites the current one (requirements WIDGET-STATES).
 * An answer is kept with the calendar, month and zone it was asked for, so the render that
 * changes one of them already shows the loading state, never the previous answer's days
 * under the new zone or month.
 *
 * Slots the page was rendered with (`prerendered`, a funnel page's calendar element) are
 * shown at once when they are of the same calendar, month and zone, and fetched again in the
 * background (they are as old as the page's copy): no loading state in between. Nothing is
 * fetched until the flow is `awake` (its clock and zone are the visitor's), so a visitor in
 * another zone than the render's asks once, for their own.
 */
import { useEffect, useRef, useState } from 'react';
import { type IsoDate, monthRange } from '../../lib/time/calendar-month';
import { callApi, refusalText } from '../../client/api';
import { bookingRoutes, type FreeSlots, freeSlotsFor } from '../../schemas/calls/booking-routes';
import type { PrerenderedSlots } from './types';

export type SlotsState = { status: 'loading' } | { status: 'ready'; slots: FreeSlots } | { status: 'failed'; message: string };

const LOADING: SlotsState = { status: 'loading' };

export function useSlots(
  calendarId: string,
  month: IsoDate,
  zone: string,
  version: number,
  prerendered: PrerenderedSlots | null | undefined,
  awake: boolean,
  /** A team calendar's member whose slots are shown; '' for every member's. */
  userId = '',
): SlotsState {
  const key = `${calendarId} ${month} ${zone} ${userId}`;
  const matches = (p: typeof prerendered): p is NonNullable<typeof prerendered> =>
    !!p && !userId && p.calendarId === calendarId && p.month === month && p.zone === zone;
  const [answer, setAnswer] = useState<{ key: string; state: SlotsState }>(() =>
    matches(prerendered) ? { key, state: { status: 'ready', slots: prerendered.slots } } : { key, state: LOADING },
  );
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refetch trigger (a slot was taken meanwhile).
  useEffect(() => {
    if (!awake) return;
    const ticket = ++latest.current;
    const controller = new AbortController();
    // The first fetch of prerendered slots refreshes them in place.
    const refresh = ticket === 1 && matches(prerendered);
    if (!refresh) setAnswer({ key, state: LOADING });
    void callApi(bookingRoutes.freeSlots, {
      query: freeSlotsFor({ calendarId, ...monthRange(month), timezone: zone, userId }),
      signal: controller.signal,
    }).then((answer) => {
      if (ticket !== latest.current || controller.signal.aborted) return;
      if (answer.kind === 'ok') setAnswer({ key, state: { status: 'ready', slots: answer.body } });
      // A failed refresh keeps the prerendered slots: booking a taken one is refused with its own message.
      else if (!refresh) setAnswer({ key, state: { status: 'failed', message: refusalText(answer, '') } });
    });
    return () => controller.abort();
  }, [calendarId, month, zone, version, awake, userId]);
  return answer.key === key ? answer.state : LOADING;
}
