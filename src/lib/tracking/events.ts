/*
 * What a published page reports about its visit: a page_view event (POST /api/funnel/event,
 * requirements FUNNEL-CALLS) and a session record (POST /api/session). Nothing is reported when the page
 * runs with `notrack`. These builders are pure; src/client/tracking.ts sends them.
 */

/** The page's identity as the tracking calls need it (a subset of the funnel context). */
export interface TrackedPage {
  funnelId: string;
  pageId: string;
  stepId: string;
  locationId: string;
  pageName: string;
  /** domain_name of the tracking event: the host the page was requested on (or ?domain=). */
  domain: string;
  /** page_url of the tracking event: the page's path (or ?page_url=). */
  pageUrl: string;
}

/** Body of POST /funnel/event for a page view. */
export interface PageViewEvent {
  funnel_id: string;
  page_id: string;
  domain_name: string;
  page_url: string;
  fingerprint: string;
  old_fingerprint?: string;
  funnel_step_id: string;
  event_type: 'page_view';
}

/** Body of the session record call. */
export interface SessionRecord {
  locationId: string;
  type: 'funnel';
  id: string;
  name: string;
  fingerprint: string;
}

/** The page_view event; `old_fingerprint` only when the previous cookie was not valid. */
export function pageViewEvent(page: TrackedPage, fingerprint: string, oldFingerprint?: string): PageViewEvent {
  const event: PageViewEvent = {
    funnel_id: page.funnelId,
    page_id: page.pageId,
    domain_name: page.domain,
    page_url: page.pageUrl,
    fingerprint,
    funnel_step_id: page.stepId,
    event_type: 'page_view',
  };
  if (oldFingerprint) event.old_fingerprint = oldFingerprint;
  return event;
}

/** The session record of a funnel page visit. */
export function sessionRecord(page: TrackedPage, fingerprint: string): SessionRecord {
  return { locationId: page.locationId, type: 'funnel', id: page.pageId, name: page.pageName, fingerprint };
}

/** True when the visit must not be tracked: the context says so or the URL carries `notrack`. */
export function isNotrack(contextNotrack: boolean | undefined, search: string): boolean {
  if (contextNotrack) return true;
  const params = new URLSearchParams(search);
  if (!params.has('notrack')) return false;
  const value = (params.get('notrack') ?? '').toLowerCase();
  return value !== 'false' && value !== '0';
}
