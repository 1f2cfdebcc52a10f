/**
 * The extras every widget submission carries about the visit beside its answers
 * (requirements WIDGET-DATA submit payload extras), built in one place for the form, the
 * survey and the booking's contact step:
 *
 * - `location_id`, the visitor's `fingerprint` and `eventData` (./widget-tracking.ts);
 * - `funneEventData` with the `domain` and `page_url` the widget sat in: its funnel page's
 *   context, else its own query (`?domain=…&page_url=…`, and the funnel, page and step ids
 *   when the query names them, as the no-JavaScript form post reads them);
 * - `sessionId` and `sessionFingerprint`: the session the widget's session call recorded, or
 *   the last submission's answer gave, kept for the tab (session storage) per location;
 *   none under notrack (no session is recorded then);
 * - `contact_id` with its `contact_token`: the sticky contact, when the widget keeps one
 *   (the server ignores an id its token does not prove, docs/widget-api.md); the order
 *   form's opt-in sends the same claim (`stickyClaim`).
 */
import { rememberedContact } from './sticky-contact';
import { rememberedSession, rememberSession } from './visit-session';
import { eventData, funnelEventData } from './widget-tracking';

export interface Visit {
  locationId: string;
  fingerprint: string;
  notrack: boolean;
  /** The widget keeps a sticky contact (its form's or calendar's setting). */
  sticky: boolean;
}

/** The remembered sticky contact's claim (`contact_id` with its `contact_token`), when the widget or order form keeps one and it has its token. */
export function stickyClaim(locationId: string, sticky: boolean): { contact_id?: string; contact_token?: string } {
  const contact = sticky ? rememberedContact(locationId) : {};
  return typeof contact.id === 'string' && typeof contact.sticky_token === 'string' ? { contact_id: contact.id, contact_token: contact.sticky_token } : {};
}

/** The visit's extras of a submission. */
export function visitExtras(visit: Visit): Record<string, unknown> {
  const funnel = funnelEventData();
  const session = visit.notrack ? null : rememberedSession(visit.locationId);
  const claim = stickyClaim(visit.locationId, visit.sticky);
  return {
    location_id: visit.locationId,
    fingerprint: visit.fingerprint,
    eventData: eventData(),
    ...(funnel ? { funneEventData: funnel } : {}),
    ...(session ? { sessionId: session.sessionId, ...(session.sessionFingerprint ? { sessionFingerprint: session.sessionFingerprint } : {}) } : {}),
    ...claim,
  };
}

/** What a submission's answer tells of the visit: its session, kept for the next submission (not under notrack). */
export function keepVisit(visit: Pick<Visit, 'locationId' | 'notrack'>, answer: Readonly<Record<string, unknown>>): void {
  if (!visit.notrack) rememberSession(visit.locationId, answer);
}
