/*
 * What a page's timer shows, decided in the browser (requirements PAGE-DATA, PAGE-STATES). The HTML carries
 * deadlines, not the time left (src/lib/timers/view.ts), so a cached page counts right: a
 * countdown counts to its deadline, a day timer to the first of its deadlines still ahead, a
 * minute timer from the first visit its cookie remembers (set on the first visit). At the
 * end the timer hides and its expire action runs once. The opening state is settled before
 * the first paint (./timer-settle.ts); the counting goes on in ./timers.ts.
 */
import { pad2, splitRemaining } from '../lib/timers/duration';
import { evergreenState, timerCookieMaxAge, timerCookieName } from '../lib/timers/evergreen';
import type { ExpireAction } from '../lib/timers/expire';
import type { RevisitAction } from '../lib/timers/settings';
import { getCookie, setCookie } from './cookie-jar';
import { applyExpireAction, hideTimer } from './timer-complete';
import { idList, setElementsVisible } from './visibility';

const DAY_MS = 86_400_000;

/**
 * The first deadline after `now`; null when none is left. A day timer whose deadlines have
 * all passed (a page copy older than its week) goes on in steps of 24 hours.
 */
export function nextDeadline(deadlines: readonly number[], now: number, daily = false): number | null {
  const ahead = deadlines.find((at) => at > now);
  if (ahead !== undefined || !daily) return ahead ?? null;
  const last = deadlines.at(-1);
  return last === undefined ? null : last + Math.ceil((now - last + 1) / DAY_MS) * DAY_MS;
}

/** Deadlines from a `data-deadlines` value (comma-separated epoch ms). */
export function readDeadlines(value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter((at) => Number.isFinite(at) && at > 0);
}

function expireOf(root: HTMLElement): ExpireAction {
  const { expireUrl, expireHide, expireShow } = root.dataset;
  if (expireUrl) return { kind: 'redirect', url: expireUrl };
  if (expireHide || expireShow) return { kind: 'toggle', hide: idList(expireHide), show: idList(expireShow) };
  return { kind: 'none' };
}

/** Shows the time left in a timer's units (days laid out only when over 0). */
export function renderTimer(root: HTMLElement, remainingMs: number): void {
  const parts = splitRemaining(remainingMs);
  for (const unit of Array.from(root.querySelectorAll<HTMLElement>('[data-unit]'))) {
    const name = unit.dataset.unit as keyof typeof parts;
    const value = unit.querySelector('.ef-timer__value');
    if (value) value.textContent = pad2(parts[name] ?? 0);
    if (name === 'days') unit.hidden = parts.days === 0;
  }
}

/** The wrapper element id of a timer (the renderer gives the element's id to its outer tag). */
function timerId(root: HTMLElement): string {
  return root.parentElement?.id ?? '';
}

/** When the minute timer ends, or what its revisit action does instead. */
function evergreenEnd(root: HTMLElement, now: number): number | 'expired' | 'hidden' {
  const name = timerCookieName(timerId(root));
  const revisitAction = (root.dataset.revisit ?? 'none') as RevisitAction;
  const visit = evergreenState({ now, cookieValue: getCookie(name), durationMs: Number(root.dataset.duration ?? 0), revisitAction });
  if (visit.kind !== 'running') return visit.kind;
  if (!visit.revisit) setCookie(name, String(visit.firstVisit), timerCookieMaxAge(Number(root.dataset.cookieDays ?? 1)));
  return visit.endsAt;
}

/** Hides a completed timer and runs its expire action. */
export function completeTimer(doc: Document, root: HTMLElement, navigate: (url: string) => void): void {
  root.dataset.timerState = 'expired';
  hideTimer(doc, timerId(root), root);
  applyExpireAction(doc, expireOf(root), navigate);
}

/**
 * What a timer shows as the page opens, applied at once: hidden on a revisit, completed
 * (hidden, its expire action run) when its end has passed, or its time left with the end
 * it counts to remembered in `data-timer-end`. Returns that end, or null when there is
 * nothing to count. Run once per page, by the inline settle script (./timer-settle.ts).
 */
export function settleTimer(doc: Document, root: HTMLElement, now: number, navigate: (url: string) => void): number | null {
  if (root.dataset.timerState !== 'running') return null;
  const kind = root.dataset.timer;
  const end = kind === 'minute-timer' ? evergreenEnd(root, now) : nextDeadline(readDeadlines(root.dataset.deadlines), now, kind === 'day-timer');
  if (end === 'hidden') {
    root.dataset.timerState = 'hidden';
    hideTimer(doc, timerId(root), root);
    setElementsVisible(doc, idList(root.dataset.showOnRevisit), true);
    return null;
  }
  if (end === 'expired' || (end === null && root.dataset.deadlines)) {
    completeTimer(doc, root, navigate);
    return null;
  }
  if (end === null) return null;
  root.dataset.timerEnd = String(end);
  renderTimer(root, end - now);
  return end;
}

/** Settles every timer of the page (see settleTimer). */
export function settleTimers(doc: Document, now: number, navigate: (url: string) => void): void {
  for (const root of Array.from(doc.querySelectorAll<HTMLElement>('[data-timer]'))) settleTimer(doc, root, now, navigate);
}
