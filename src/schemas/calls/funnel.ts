/** Specs of the funnel area (./funnel-routes.ts). */
import { contactPayload, existsPayload, funnelEventPayload, getPagePayload, pageErrorPayload, robotsTxtPayload, sessionPayload } from '../funnel-calls';
import { vitalsPayload } from '../vitals';
import { defineCall } from './define-call';
import { funnelPageRoutes as pageRoutes, funnelRoutes as routes } from './funnel-routes';

export const funnelCalls = {
  getPage: defineCall(pageRoutes.getPage, { json: getPagePayload }),
  getRobotsTxt: defineCall(pageRoutes.getRobotsTxt, { json: robotsTxtPayload }),
  funnelEvent: defineCall(routes.funnelEvent, { json: funnelEventPayload }),
  session: defineCall(routes.session, { json: sessionPayload }),
  exists: defineCall(pageRoutes.exists, { json: existsPayload }),
  contact: defineCall(pageRoutes.contact, { json: contactPayload }),
  vitals: defineCall(routes.vitals, { json: vitalsPayload }),
  pageError: defineCall(routes.pageError, { json: pageErrorPayload }),
};
