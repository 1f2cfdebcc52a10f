/*
 * Countdown island (meta `countdown`): counts down to one fixed instant — the seller's
 * endDate + endTime in their time zone, computed on the server (countdownIslandProps) so the
 * browser needs no time-zone data. On completion the timer hides and the expire action runs.
 */
import { useCallback, useRef, useState } from 'react';
import { TimerView } from './timer-view';
import type { TimerBaseProps } from './types';
import { useCompletion } from './use-completion';
import { useRemaining } from './use-remaining';

/** Props of the countdown island. */
export interface CountdownTimerProps extends TimerBaseProps {
  /** The end instant (epoch ms); null when the element has no usable end (nothing ticks). */
  endsAt: number | null;
}

/** The countdown timer. */
export default function CountdownTimer({ id, now, endsAt, labels, expire, region }: CountdownTimerProps) {
  const root = useRef<HTMLDivElement>(null);
  const [expired, setExpired] = useState(false);
  const markExpired = useCallback(() => setExpired(true), []);
  const complete = useCompletion(id, expire, root, markExpired);
  const remaining = useRemaining(endsAt, now, complete);
  return (
    <TimerView
      kind="countdown"
      remainingMs={remaining ?? 0}
      labels={labels}
      region={region}
      state={expired ? 'expired' : 'running'}
      rootRef={root}
    />
  );
}
