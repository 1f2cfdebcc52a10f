/**
 * GET /widget/embed.js: the embed loader (src/widgets/embed/loader.ts). The URL has no
 * version in it, because sellers paste it once; so it is cached for a day and revalidated
 * in the background for a week, and the protocol version in every message keeps an old
 * loader and a new widget compatible.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../src/platform/env';
import { embedLoaderScript } from '../src/widgets/embed/loader';

export const EMBED_JS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export function embedJs(c: Context<AppEnv>): Response {
  return c.body(embedLoaderScript(new URL(c.req.url).origin), 200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': EMBED_JS_CACHE_CONTROL,
    'access-control-allow-origin': '*',
  });
}
