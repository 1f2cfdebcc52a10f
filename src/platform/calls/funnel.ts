/** Calls of the funnel area: requirements FUNNEL-CALLS page, robots, tracking, session and opt-in calls. */
import type { CallSpec } from '../call';
import { defineCall } from '../call';
import {
  contactPayload,
  existsPayload,
  funnelEventPayload,
  getPagePayload,
  robotsTxtPayload,
  sessionPayload,
} from '../../schemas/funnel-calls';

export const funnelCalls = {
  getPage: defineCall({ method: 'POST', path: '/funnelbuilder/get_page', json: getPagePayload }),
  getRobotsTxt: defineCall({ method: 'POST', path: '/funnelbuilder/get_robots_txt', json: robotsTxtPayload }),
  funnelEvent: defineCall({ method: 'POST', path: '/funnel/event', json: funnelEventPayload }),
  /** The session record; the seed does not show its path. */
  session: defineCall({ method: 'POST', path: '/session', json: sessionPayload }),
  exists: defineCall({ method: 'POST', path: '/exists', json: existsPayload }),
  contact: defineCall({ method: 'POST', path: '/contact', json: contactPayload }),
} satisfies Record<string, CallSpec>;
