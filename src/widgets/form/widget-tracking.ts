/**
 * Tracking of a widget in the browser, skipped entirely under notrack: the visitor's
 * fingerprint cookie, the session record (type form or survey), the seller's pixel with
 * its page-view and submission events, and — inside a funnel page — the opt-in event data
 * (`funneEventData`) read from the page's funnel context.
 */
import { readFunnelContext } from '../../client/context';
import { setCookie } from '../../client/cookie-jar';
import { startPixel, trackPixelEvent } from '../../client/pixel';
import { sendBeacon } from '../../client/api';
import { newFingerprint } from '../../lib/ids';
import { FINGERPRINT_COOKIE, ONE_YEAR_SECONDS, resolveFingerprint } from '../../lib/tracking/fingerprint';
import { pixelPlan } from '../../lib/tracking/pixel';
import { funnelRoutes } from '../../schemas/calls/funnel-routes';

/** The visitor's fingerprint; a new one is stored unless the visit is not tracked. */
export function visitorFingerprint(notrack: boolean): string {
  const identity = resolveFingerprint(document.cookie, () => newFingerprint());
  if (identity.write && !notrack) setCookie(FINGERPRINT_COOKIE, identity.fingerprint, ONE_YEAR_SECONDS);
  return identity.fingerprint;
}

export interface WidgetVisit {
  kind: 'form' | 'survey' | 'calendar';
  id: string;
  name: string;
  locationId: string;
  pixelId: string;
  pageViewEvent: string;
}

/** Records the widget's session and starts its pixel. Inside a funnel page the page already did both. */
export function trackWidgetView(visit: WidgetVisit, fingerprint: string): void {
  if (document.getElementById('funnel-context')) return;
  sendBeacon(window, funnelRoutes.session, { locationId: visit.locationId, type: visit.kind, id: visit.id, name: visit.name, fingerprint });
  startPixel(document, window, pixelPlan(visit.pixelId, visit.pageViewEvent));
}

/** The pixel event of a submission (the form's own, else SubmitApplication). */
export function trackSubmission(event: string): void {
  trackPixelEvent(window, event || 'SubmitApplication');
}

/** The opt-in event data of a widget inside a funnel page, or undefined outside one. */
export function funnelEventData(): Record<string, string> | undefined {
  if (!document.getElementById('funnel-context')) return undefined;
  const ctx = readFunnelContext(document);
  if (!ctx.pageId) return undefined;
  return {
    event_type: 'optin',
    domain_name: ctx.domain || location.host,
    page_url: ctx.pageUrl || location.pathname,
    funnel_id: ctx.funnelId,
    page_id: ctx.pageId,
    funnel_step_id: ctx.stepId,
  };
}

/**
 * What the widget tells the server about where it was filled in. Its query holds, when
 * embedded, the host page's campaign parameters, URL and referrer that embed.js passed
 * (the visitor's touch, src/platform/services/attribution.ts), so it may be long.
 */
export function eventData(): Record<string, string> {
  return { url_params: location.search.slice(0, 2500), page_url: location.href.slice(0, 500), referrer: document.referrer.slice(0, 500) };
}
