/*
 * The minute (evergreen) timer: every visitor gets the same duration, counted from their own
 * first visit. The first visit is remembered in a cookie named after the timer's element id,
 * living cookieDate × 86400 s on path /. On a revisit (the cookie is there) the revisit action
 * decides: auto-expire-x-day expires the timer at once, auto-hide-element hides it and shows
 * other elements, and without one the timer goes on from the first visit.
 */
import type { RevisitAction } from './settings';

/** What the minute timer shows on this page load. */
export type EvergreenState = { kind: 'running'; endsAt: number; firstVisit: number; revisit: boolean } | { kind: 'expired' } | { kind: 'hidden' };

/** Inputs of the evergreen decision. */
export interface EvergreenInput {
  now: number;
  /** The timer cookie's value (first visit, epoch ms), or null when absent. */
  cookieValue: string | null;
  durationMs: number;
  revisitAction: RevisitAction;
}

/** Reads a first-visit cookie value; null when absent, malformed or in the future. */
export function parseFirstVisit(value: string | null, now: number): number | null {
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  const at = Number(value.trim());
  return at > 0 && at <= now ? at : null;
}

/** The state of a minute timer on page load. */
export function evergreenState(input: EvergreenInput): EvergreenState {
  const firstVisit = parseFirstVisit(input.cookieValue, input.now);
  if (firstVisit === null) {
    return { kind: 'running', endsAt: input.now + input.durationMs, firstVisit: input.now, revisit: false };
  }
  if (input.revisitAction === 'auto-expire-x-day') return { kind: 'expired' };
  if (input.revisitAction === 'auto-hide-element') return { kind: 'hidden' };
  const endsAt = firstVisit + input.durationMs;
  return endsAt > input.now ? { kind: 'running', endsAt, firstVisit, revisit: true } : { kind: 'expired' };
}

/** Cookie lifetime in seconds for a cookieDate in days. */
export function timerCookieMaxAge(days: number): number {
  return days * 86400;
}

/** The cookie name of a minute timer: its element id, reduced to cookie-safe characters. */
export function timerCookieName(timerId: string): string {
  return timerId.replace(/[^A-Za-z0-9_-]/g, '_');
}
