/*
 * Minute (evergreen) timer island (meta `minute-timer`): the same duration for every visitor,
 * counted from their first visit, which a cookie named after the element id remembers for
 * cookieDate days. The server renders the full duration; in the browser the cookie decides
 * (src/lib/timers/evergreen.ts): running, expired at once, or hidden with other elements shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCookie, setCookie } from '../../client/cookie-jar';
import { setElementsVisible } from '../../client/visibility';
import { evergreenState, timerCookieMaxAge, timerCookieName } from '../../lib/timers/evergreen';
import type { RevisitAction } from '../../lib/timers/settings';
import { hideTimer } from './complete';
import { TimerView } from './timer-view';
import type { TimerBaseProps } from './types';
import { useCompletion } from './use-completion';
import { useRemaining } from './use-remaining';

/** Props of the minute timer island. */
export interface MinuteTimerProps extends TimerBaseProps {
  durationMs: number;
  /** Lifetime of the first-visit cookie in days (cookieDate). */
  cookieDays: number;
  revisitAction: RevisitAction;
  /** Element ids shown when auto-hide-element hides the timer on a revisit. */
  showOnRevisit: string[];
  /** First visit (epoch ms) from the request's timer cookie, so a revisit renders right on the server. */
  firstVisit?: number | null;
}

type ViewState = 'running' | 'expired' | 'hidden';

/** The evergreen timer. */
export default function MinuteTimer(props: MinuteTimerProps) {
  const { id, now, durationMs, cookieDays, revisitAction, showOnRevisit, labels, expire, region, firstVisit } = props;
  const root = useRef<HTMLDivElement>(null);
  const server = evergreenState({ now, cookieValue: firstVisit ? String(firstVisit) : null, durationMs, revisitAction });
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [state, setState] = useState<ViewState>(server.kind);
  const markExpired = useCallback(() => setState('expired'), []);
  const complete = useCompletion(id, expire, root, markExpired);

  useEffect(() => {
    const name = timerCookieName(id);
    const visit = evergreenState({
      now: Date.now(),
      cookieValue: getCookie(name),
      durationMs,
      revisitAction,
    });
    if (visit.kind === 'running') {
      if (!visit.revisit) setCookie(name, String(visit.firstVisit), timerCookieMaxAge(cookieDays));
      setEndsAt(visit.endsAt);
    } else if (visit.kind === 'expired') complete();
    else {
      setState('hidden');
      hideTimer(document, id, root.current);
      setElementsVisible(document, showOnRevisit, true);
    }
  }, [id, durationMs, cookieDays, revisitAction, showOnRevisit, complete]);

  const remaining = useRemaining(endsAt, now, complete);
  return (
    <TimerView
      kind="minute-timer"
      remainingMs={remaining ?? (server.kind === 'running' ? server.endsAt - now : 0)}
      labels={labels}
      region={region}
      state={state}
      rootRef={root}
    />
  );
}
