/** Routes of the funnel area: requirements FUNNEL-CALLS page, robots, tracking, session and opt-in calls. */
import type { contactPayload, existsPayload, funnelEventPayload, getPagePayload, pageErrorPayload, robotsTxtPayload, sessionPayload } from '../funnel-calls';
import type { vitalsPayload } from '../vitals';
import { route } from './define-call';

/** What the opt-in (contact) call answers. */
export interface OptinAnswer {
  /** The contact, with the token its browser keeps to claim it next time (sticky contact). */
  contact?: { id: string; sticky_token?: string };
  fingerprint?: string;
  sessionFingerprint?: string;
  sessionId?: string;
}

/**
 * The calls the page runtime makes (on every page: keep this list short, the runtime ships it
 * whole, tests/e2e/runtime-chunks.spec.ts).
 */
export const funnelRoutes = {
  funnelEvent: route<{ json: typeof funnelEventPayload }>('POST', '/funnel/event'),
  /** The session record; the seed does not show its path. */
  session: route<{ json: typeof sessionPayload; answer: { sessionId: string; sessionFingerprint: string } }>('POST', '/session'),
  /** Real visitors' page speed (issue 28), sent by the page runtime's lazy web-vitals chunk. */
  vitals: route<{ json: typeof vitalsPayload }>('POST', '/funnel/vitals'),
  /** A failure a page reports to the platform's error log (issue 30). */
  pageError: route<{ json: typeof pageErrorPayload }>('POST', '/funnel/error'),
};

/** The page's data and robots.txt (asked by the server) and the opt-in calls (the order form island). */
export const funnelPageRoutes = {
  getPage: route<{ json: typeof getPagePayload }>('POST', '/funnelbuilder/get_page'),
  getRobotsTxt: route<{ json: typeof robotsTxtPayload }>('POST', '/funnelbuilder/get_robots_txt'),
  exists: route<{ json: typeof existsPayload }>('POST', '/exists'),
  contact: route<{ json: typeof contactPayload; answer: OptinAnswer }>('POST', '/contact'),
};
