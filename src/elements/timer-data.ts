/**
 * The data attributes a timer's container carries for its island and for tests: the end
 * instant (`data-end`, epoch ms), the zone, durations and the expire/revisit settings.
 */
import type { TimerExtra } from './countdown/schema';

export function timerData(extra: TimerExtra, endMs: number | null): Record<string, string | number | undefined> {
  return {
    end: endMs ?? undefined,
    timezone: extra.timezone,
    endTime: extra.endTime,
    duration: extra.hours * 3600 + extra.minutes * 60 + extra.seconds || undefined,
    expireAction: extra.expireAction,
    redirectUrl: extra.redirectUrl,
    hideElements: extra.hideElements.join(' '),
    showElements: extra.showElements.join(' '),
    revisitAction: extra.revisitAction,
    showElementsOnRevisit: extra.showElementsOnRevisit.join(' '),
    cookieDays: extra.cookieDate || undefined,
    translate: extra.translate,
  };
}
