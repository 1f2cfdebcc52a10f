/** GET /_ah/warmup: pings the platform API's base address (requirements ROUTES). */
import type { Context } from 'hono';
import { createApiClient } from '../src/platform/client';
import type { AppEnv } from '../src/platform/env';

export async function warmup(c: Context<AppEnv>): Promise<Response> {
  try {
    const res = await createApiClient(c.env, c.executionCtx)('/', { method: 'GET' });
    if (res.ok) return c.text('Working');
    console.error('warmup: API answered', res.status);
  } catch (err) {
    console.error('warmup: API unreachable', err);
  }
  return c.text('Not able to connect to appengine!', 503);
}
