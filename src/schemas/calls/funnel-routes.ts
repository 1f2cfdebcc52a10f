/** Routes of the funnel area: requirements FUNNEL-CALLS page, robots, tracking, session and opt-in calls. */
import type { contactPayload, existsPayload, funnelEventPayload, getPagePayload, robotsTxtPayload, sessionPayload } from '../funnel-calls';
import type { vitalsPayload } from '../vitals';
import { route } from './define-call';

/** What the opt-in (contact) call answers. */
export interface OptinAnswer {
  contact?: { id: string };
  fingerprint?: string;
  sessionFingerprint?: string;
  sessionId?: string;
}

export const funnelRoutes = {
  getPage: route<{ json: typeof getPagePayload }>('POST', '/funnelbuilder/get_page'),
  getRobotsTxt: route<{ json: typeof robotsTxtPayload }>('POST', '/funnelbuilder/get_robots_txt'),
  funnelEvent: route<{ json: typeof funnelEventPayload }>('POST', '/funnel/event'),
  /** The session record; the seed does not show its path. */
  session: route<{ json: typeof sessionPayload }>('POST', '/session'),
  exists: route<{ json: typeof existsPayload }>('POST', '/exists'),
  contact: route<{ json: typeof contactPayload; answer: OptinAnswer }>('POST', '/contact'),
  /** Real visitors' page speed (issue 28), sent by the page runtime's lazy web-vitals chunk. */
  vitals: route<{ json: typeof vitalsPayload }>('POST', '/funnel/vitals'),
};
