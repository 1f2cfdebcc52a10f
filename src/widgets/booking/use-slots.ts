/**
 * Free slots of one calendar month in one zone. Changing the month, the zone or the
 * calendar refetches; only the latest answer is applied, so a slow answer for a month the
 * visitor already left never overwrites the current one (requirements WIDGET-STATES).
 */
import { useEffect, useRef, useState } from 'react';
import { type IsoDate, monthRange } from '../../lib/time/calendar-month';
import { type FreeSlots, fetchFreeSlots } from './api';

export type SlotsState = { status: 'loading' } | { status: 'ready'; slots: FreeSlots } | { status: 'failed'; message: string };

export function useSlots(calendarId: string, month: IsoDate, zone: string, version: number): SlotsState {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refetch trigger (a slot was taken meanwhile).
  useEffect(() => {
    const ticket = ++latest.current;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchFreeSlots({ calendarId, ...monthRange(month), timezone: zone }, controller.signal).then(
      (slots) => {
        if (ticket === latest.current) setState({ status: 'ready', slots });
      },
      (err: Error) => {
        if (ticket === latest.current && err.name !== 'AbortError') setState({ status: 'failed', message: err.message });
      },
    );
    return () => controller.abort();
  }, [calendarId, month, zone, version]);
  return state;
}
