/*
 * Builders of the timer islands' props from a timer element, for the element renderers:
 *   <CountdownTimer client:visible {...countdownIslandProps(element, now, t)} />
 * They read the element's `extra` tolerantly and keep the props small (no page data).
 */
import { parseFirstVisit, timerCookieName } from '../../lib/timers/evergreen';
import { expireActionOf, elementIds } from '../../lib/timers/expire';
import { timerLabels } from '../../lib/timers/labels';
import {
  cookieDays,
  countdownEndsAt,
  dailyTime,
  evergreenDurationMs,
  revisitActionOf,
} from '../../lib/timers/settings';
import { resolveZone } from '../../lib/timers/zoned';
import { readCookie } from '../../lib/tracking/cookies';
import type { CountdownTimerProps } from './countdown-timer';
import type { DayTimerProps } from './day-timer';
import type { MinuteTimerProps } from './minute-timer';
import type { TimerBaseProps } from './types';

/** The `meta` values of timer elements. */
export const TIMER_METAS: ReadonlySet<string> = new Set(['countdown', 'day-timer', 'minute-timer']);

/** The part of a page element the builders read. */
export interface TimerElement {
  id: string;
  meta?: string;
  extra?: Record<string, unknown>;
}

/** A translation function (i18next `t`) over the `timer` namespace. */
export type Translate = (key: string) => string;

function base(element: TimerElement, now: number, t: Translate): TimerBaseProps {
  const extra = element.extra ?? {};
  return {
    id: element.id,
    now,
    labels: timerLabels(extra.translate),
    expire: expireActionOf(extra),
    region: t('timer:region'),
  };
}

/** Props of the countdown island. */
export function countdownIslandProps(element: TimerElement, now: number, t: Translate): CountdownTimerProps {
  return { ...base(element, now, t), endsAt: countdownEndsAt(element.extra ?? {}) };
}

/** Props of the daily timer island. */
export function dayTimerIslandProps(element: TimerElement, now: number, t: Translate): DayTimerProps {
  const extra = element.extra ?? {};
  return { ...base(element, now, t), time: dailyTime(extra), timezone: resolveZone(extra.timezone) };
}

/**
 * Props of the minute timer island. With the request's Cookie header, a revisit already
 * renders right on the server (time left, or hidden).
 */
export function minuteTimerIslandProps(
  element: TimerElement,
  now: number,
  t: Translate,
  cookieHeader?: string | null,
): MinuteTimerProps {
  const extra = element.extra ?? {};
  const firstVisit = parseFirstVisit(readCookie(cookieHeader, timerCookieName(element.id)), now);
  return {
    ...(firstVisit === null ? {} : { firstVisit }),
    ...base(element, now, t),
    durationMs: evergreenDurationMs(extra),
    cookieDays: cookieDays(extra),
    revisitAction: revisitActionOf(extra),
    showOnRevisit: elementIds(extra.showElementsOnRevisit),
  };
}

/**
 * Ids of elements that start hidden because a timer shows them later (showElements,
 * showElementsOnRevisit): the renderer gives these the `hidden` attribute.
 */
export function idsShownByTimers(elements: readonly TimerElement[]): Set<string> {
  const ids = new Set<string>();
  for (const element of elements) {
    if (!TIMER_METAS.has(element.meta ?? '')) continue;
    const extra = element.extra ?? {};
    if (extra.expireAction === 'hide') for (const id of elementIds(extra.showElements)) ids.add(id);
    if (extra.revisitAction === 'auto-hide-element') {
      for (const id of elementIds(extra.showElementsOnRevisit)) ids.add(id);
    }
  }
  return ids;
}
