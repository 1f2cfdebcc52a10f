/**
 * Astro middleware: after a funnel page rendered, store its HTML in the edge cache under
 * the key the page chose (`locals.htmlCacheKey`, see src/lib/html-cache.ts). Hits never
 * get here: src/worker.ts answers them first (src/lib/edge-hit.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { edgeCache, storeHtml } from './lib/html-cache';
import { consoleRenderLog } from './tree/log';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const key = context.locals.htmlCacheKey;
  if (key && response.status === 200) {
    context.locals.waitUntil(storeHtml(edgeCache(), key, response.clone()).catch((error) => consoleRenderLog('page-cache.html-store-failed', { key, error: String(error) })));
  }
  return response;
});
