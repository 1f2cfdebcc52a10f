/**
 * Astro middleware around the funnel pages:
 * - before any page work, a published page's edge HTML copy answers (src/lib/html-cache.ts:
 *   a small KV route entry and one Cache API lookup; no page data, no translator);
 * - after a funnel page rendered, its HTML is stored in the edge cache under the key the
 *   page chose (`locals.htmlCacheKey`).
 */
import { env, waitUntil } from 'cloudflare:workers';
import { defineMiddleware } from 'astro:middleware';
import { answerFromEdge, edgeCache, storeHtml } from './lib/html-cache';
import { fetchPageData } from './lib/get-page';
import { executionContext } from './lib/request-context';
import { createApiClient } from './platform/client';
import type { Bindings } from './platform/env';
import { consoleRenderLog } from './tree/log';

const bindings = env as unknown as Bindings;

/** Routes that are never a published funnel page. */
const NOT_FUNNEL_PAGES = /^\/(?:_astro|v2|widget|survey|api|admin)(?:\/|$)/i;

export const onRequest = defineMiddleware(async (context, next) => {
  if (!NOT_FUNNEL_PAGES.test(context.url.pathname)) {
    const hit = await answerFromEdge(context.request, {
      kv: bindings.PAGE_CACHE,
      cache: edgeCache(),
      now: Date.now(),
      waitUntil,
      fetchPage: (host, path) => fetchPageData(createApiClient(bindings, executionContext()), { domain_name: host, page_url: path }),
      log: consoleRenderLog,
    });
    if (hit) return hit;
  }
  const response = await next();
  const key = context.locals.htmlCacheKey;
  if (key && response.status === 200) {
    waitUntil(storeHtml(edgeCache(), key, response.clone()).catch((error) => consoleRenderLog('page-cache.html-store-failed', { key, error: String(error) })));
  }
  return response;
});
