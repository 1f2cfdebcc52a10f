/** Calls of the funnel area: requirements FUNNEL-CALLS page, robots, tracking, session and opt-in calls. */
import type { CallSpec } from './define-call';
import { answerType, defineCall } from './define-call';
import {
  contactPayload,
  existsPayload,
  funnelEventPayload,
  getPagePayload,
  robotsTxtPayload,
  sessionPayload,
} from '../funnel-calls';

/** What the opt-in (contact) call answers. */
export interface OptinAnswer {
  contact?: { id: string };
  fingerprint?: string;
  sessionFingerprint?: string;
  sessionId?: string;
}

export const funnelCalls = {
  getPage: defineCall({ method: 'POST', path: '/funnelbuilder/get_page', json: getPagePayload }),
  getRobotsTxt: defineCall({ method: 'POST', path: '/funnelbuilder/get_robots_txt', json: robotsTxtPayload }),
  funnelEvent: defineCall({ method: 'POST', path: '/funnel/event', json: funnelEventPayload }),
  /** The session record; the seed does not show its path. */
  session: defineCall({ method: 'POST', path: '/session', json: sessionPayload }),
  exists: defineCall({ method: 'POST', path: '/exists', json: existsPayload }),
  contact: defineCall({ method: 'POST', path: '/contact', json: contactPayload, answer: answerType<OptinAnswer>() }),
} satisfies Record<string, CallSpec>;
