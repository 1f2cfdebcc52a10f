/** GET /robots.txt: the requesting host's robots.txt from the platform, empty on any failure (requirements ROUTES). */
import type { Context } from 'hono';
import { createApiClient } from '../src/platform/client';
import type { AppEnv } from '../src/platform/env';
import { callPath } from '../src/schemas/calls/define-call';
import { funnelPageRoutes } from '../src/schemas/calls/funnel-routes';

export async function robotsTxt(c: Context<AppEnv>): Promise<Response> {
  let body = '';
  try {
    const api = createApiClient(c.env, c.executionCtx);
    const res = await api(callPath(funnelPageRoutes.getRobotsTxt), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: new URL(c.req.url).hostname }),
    });
    if (res.ok) {
      const data = (await res.json()) as { robotsTxtCode?: unknown };
      if (typeof data.robotsTxtCode === 'string') body = data.robotsTxtCode;
    }
  } catch (err) {
    console.warn('robots.txt lookup failed', err);
  }
  return c.text(body, 200, { 'cache-control': 'public, max-age=300' });
}
