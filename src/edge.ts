/**
 * Everything the worker answers before Astro renders pages: the platform API and its
 * gateway under /api, the admin API under /admin, and the edge handlers of functions/.
 * It is a plain Hono app so tests can run it in workerd without the Astro build.
 */
import { Hono } from 'hono';
import { createApiGateway } from '../functions/api-gateway';
import { embedJs } from '../functions/embed-js';
import { robotsTxt } from '../functions/robots-txt';
import { warmup } from '../functions/warmup';
import { createAdminApi } from './platform/admin/app';
import type { AppEnv } from './platform/env';

export function createEdgeApp(): Hono<AppEnv> {
  const edge = new Hono<AppEnv>();
  // Browsers must not guess another type for an answer (an uploaded name or a JSON msg read as HTML).
  edge.use('*', async (c, next) => {
    await next();
    try {
      c.res.headers.set('x-content-type-options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('x-content-type-options', 'nosniff');
    }
  });
  edge.get('/robots.txt', robotsTxt);
  edge.get('/_ah/warmup', warmup);
  edge.get('/widget/embed.js', embedJs);
  edge.route('/', createApiGateway());
  edge.route('/', createAdminApi());
  return edge;
}
