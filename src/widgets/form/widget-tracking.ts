/**
 * Tracking of a widget in the browser, skipped entirely under notrack: the visitor's
 * fingerprint cookie, the session record (type form, survey or calendar, whose id the widget
 * keeps for its submissions), the seller's pixel with its page-view and submission events,
 * and the opt-in event data (`funneEventData`) of the page the widget sits in.
 */
import { readFunnelContext } from '../../client/context';
import { setCookie } from '../../client/cookie-jar';
import { startPixel, trackPixelEvent } from '../../client/pixel';
import { callApi } from '../../client/api';
import { withRelayedTouch } from '../../client/relayed-touch';
import { newFingerprint } from '../../lib/ids';
import { FINGERPRINT_COOKIE, ONE_YEAR_SECONDS, resolveFingerprint } from '../../lib/tracking/fingerprint';
import { pixelPlan } from '../../lib/tracking/pixel';
import { funnelRoutes } from '../../schemas/calls/funnel-routes';
import { rememberSession } from './visit-session';

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
  // The session's id comes back and goes with the widget's submissions (./visit-extras.ts).
  void callApi(funnelRoutes.session, { json: { locationId: visit.locationId, type: visit.kind, id: visit.id, name: visit.name, fingerprint } }).then(
    (answer) => answer.kind === 'ok' && rememberSession(visit.locationId, answer.body),
  );
  startPixel(document, window, pixelPlan(visit.pixelId, visit.pageViewEvent));
}

/** The pixel event of a submission (the form's own, else SubmitApplication). */
export function trackSubmission(event: string): void {
  trackPixelEvent(window, event || 'SubmitApplication');
}

/**
 * The opt-in event data of the page the widget sits in: its funnel page's context, else the
 * `domain` and `page_url` of its own query (with the funnel, page and step ids when the query
 * names all three, as the no-JavaScript form post reads them); undefined when nothing names it.
 */
export function funnelEventData(): Record<string, string> | undefined {
  if (document.getElementById('funnel-context')) {
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
  const query = new URLSearchParams(location.search);
  const [domain, pageUrl] = [query.get('domain') ?? '', query.get('page_url') ?? ''];
  if (!domain && !pageUrl) return undefined;
  const ids = ['funnel_id', 'page_id', 'funnel_step_id'].map((key) => [key, query.get(key) ?? ''] as const);
  return {
    event_type: 'optin',
    ...(domain ? { domain_name: domain.slice(0, 300) } : {}),
    ...(pageUrl ? { page_url: pageUrl.slice(0, 2000) } : {}),
    ...(ids.every(([, value]) => value) ? Object.fromEntries(ids) : {}),
  };
}

/**
 * What the widget tells the server about where it was filled in. `url_params` is its own query
 * with, when embedded, the host page's campaign parameters, URL and referrer that embed.js
 * relayed in its hello (the visitor's touch: src/client/relayed-touch.ts, read by
 * src/platform/services/attribution.ts), so it may be long.
 */
export function eventData(): Record<string, string> {
  return {
    url_params: withRelayedTouch(location.search, document).slice(0, 2500),
    page_url: location.href.slice(0, 500),
    referrer: document.referrer.slice(0, 500),
  };
}
