/*
 * Daily timer island (meta `day-timer`): counts down to a time of day in the seller's time
 * zone, every day. The next occurrence is computed with Temporal on the server for the SSR
 * markup and again in the browser (a cached page may be older than a day).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { TimeOfDay } from '../../lib/timers/duration';
import { nextDailyInstant } from '../../lib/timers/zoned';
import { TimerView } from './timer-view';
import type { TimerBaseProps } from './types';
import { useCompletion } from './use-completion';
import { useRemaining } from './use-remaining';
import { useHydrated } from './use-hydrated';

/** Props of the daily timer island. */
export interface DayTimerProps extends TimerBaseProps {
  time: TimeOfDay;
  /** IANA time zone of the seller's setting (unknown zones count as UTC). */
  timezone: string;
}

/** The daily timer. */
export default function DayTimer({ id, now, time, timezone, labels, expire, region }: DayTimerProps) {
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [expired, setExpired] = useState(false);
  const markExpired = useCallback(() => setExpired(true), []);
  const complete = useCompletion(id, expire, root, markExpired);
  const endsAt = useMemo(
    () => nextDailyInstant(hydrated ? Date.now() : now, time, timezone),
    [hydrated, now, time, timezone],
  );
  const remaining = useRemaining(endsAt, now, complete);
  return (
    <TimerView
      kind="day-timer"
      remainingMs={remaining ?? 0}
      labels={labels}
      region={region}
      state={expired ? 'expired' : 'running'}
      rootRef={root}
    />
  );
}
