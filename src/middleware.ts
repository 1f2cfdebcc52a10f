/**
 * Astro middleware: after a funnel page rendered, store its HTML in the edge cache under
 * the key the page chose (`locals.htmlCacheKey`, see src/serving/html-cache.ts). Hits never
 * get here: src/worker.ts answers them first (src/serving/edge-hit.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { edgeCache, storeHtml } from './serving/html-cache';
import { consoleRenderLog } from './tree/log';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const key = context.locals.htmlCacheKey;
  if (key && response.status === 200) {
    context.locals.waitUntil(
      storeHtml(edgeCache(), key, response.clone()).catch((error) => consoleRenderLog('page-cache.html-store-failed', { key, error: String(error) })),
    );
  }
  return response;
});
