/**
 * Everything the worker answers before Astro renders pages: the platform API and its
 * gateway under /api, the admin API under /admin, signed file downloads under /files, and the edge handlers of functions/.
 * It is a plain Hono app so tests can run it in workerd without the Astro build.
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createApiGateway } from '../functions/api-gateway';
import { embedJs } from '../functions/embed-js';
import { robotsTxt } from '../functions/robots-txt';
import { warmup } from '../functions/warmup';
import { createAdminApi } from './platform/admin/app';
import { createFileRoutes } from './platform/files/app';
import { REFERRER_POLICY } from './serving/answer-headers';
import { dashboardHeaders } from './serving/dashboard-headers';
import type { AppEnv } from './platform/env';

/**
 * The headers of every answer (./serving/answer-headers.ts): nosniff, and the referrer's
 * origin only to other sites. The middleware's other defaults stay off, because sellers
 * put widget pages in iframes on their own sites (X-Frame-Options, COOP) and load embed.js
 * and call the API from there (CORP); a page that takes a purchase forbids framing itself
 * (src/tree/purchase.ts).
 */
const SECURE_HEADERS = {
  xContentTypeOptions: true,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: REFERRER_POLICY,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export function createEdgeApp(): Hono<AppEnv> {
  const edge = new Hono<AppEnv>();
  // Outermost, so its stricter headers for /admin (the dashboard, the admin API) are set last.
  edge.use('*', dashboardHeaders());
  edge.use('*', secureHeaders(SECURE_HEADERS));
  // A fetched answer (a prerendered error page from the assets) has read-only headers: a
  // copy of it takes the headers above.
  edge.use('*', async (c, next) => {
    await next();
    c.res = new Response(c.res.body, c.res);
  });
  edge.get('/robots.txt', robotsTxt);
  edge.get('/_ah/warmup', warmup);
  edge.get('/widget/embed.js', embedJs);
  edge.route('/', createApiGateway());
  edge.route('/', createFileRoutes());
  edge.route('/', createAdminApi());
  return edge;
}
