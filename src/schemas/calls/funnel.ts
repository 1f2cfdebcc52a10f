/** Specs of the funnel area (./funnel-routes.ts). */
import { contactPayload, existsPayload, funnelEventPayload, getPagePayload, robotsTxtPayload, sessionPayload } from '../funnel-calls';
import { vitalsPayload } from '../vitals';
import { defineCall } from './define-call';
import { funnelRoutes as routes } from './funnel-routes';

export const funnelCalls = {
  getPage: defineCall(routes.getPage, { json: getPagePayload }),
  getRobotsTxt: defineCall(routes.getRobotsTxt, { json: robotsTxtPayload }),
  funnelEvent: defineCall(routes.funnelEvent, { json: funnelEventPayload }),
  session: defineCall(routes.session, { json: sessionPayload }),
  exists: defineCall(routes.exists, { json: existsPayload }),
  contact: defineCall(routes.contact, { json: contactPayload }),
  vitals: defineCall(routes.vitals, { json: vitalsPayload }),
};
