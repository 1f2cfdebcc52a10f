/*
 * The ticking clock of a timer island. The first render uses the `now` the server rendered
 * with, so hydration matches the server markup; after mounting the clock follows the
 * visitor's device, once a second, and calls `onComplete` once when the end is reached.
 */
import { useEffect, useRef, useState } from 'react';

/** Milliseconds left until `endsAt` (null: no end, nothing ticks). */
export function useRemaining(endsAt: number | null, serverNow: number, onComplete: () => void): number | null {
  const [now, setNow] = useState(serverNow);
  const completed = useRef(false);
  const complete = useRef(onComplete);
  complete.current = onComplete;

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt && !completed.current) {
        completed.current = true;
        complete.current();
      }
      return current < endsAt;
    };
    if (!tick()) return;
    const timer = window.setInterval(() => {
      if (!tick()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return endsAt === null ? null : endsAt - now;
}
