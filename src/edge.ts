/**
 * Everything the worker answers before Astro renders pages: the platform API and its
 * gateway under /api, the admin API under /admin, and the edge handlers of functions/.
 * It is a plain Hono app so tests can run it in workerd without the Astro build.
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createApiGateway } from '../functions/api-gateway';
import { embedJs } from '../functions/embed-js';
import { robotsTxt } from '../functions/robots-txt';
import { warmup } from '../functions/warmup';
import { createAdminApi } from './platform/admin/app';
import type { AppEnv } from './platform/env';

/**
 * Browsers must not guess another type for an answer (an uploaded name or a JSON msg read
 * as HTML): nosniff on everything. The middleware's other defaults stay off, because
 * sellers put widget pages in iframes on their own sites (X-Frame-Options, COOP) and load
 * embed.js and call the API from there (CORP), and a page's links carry its referrer.
 */
const SECURE_HEADERS = {
  xContentTypeOptions: true,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export function createEdgeApp(): Hono<AppEnv> {
  const edge = new Hono<AppEnv>();
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
  edge.route('/', createAdminApi());
  return edge;
}
