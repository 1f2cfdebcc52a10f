/**
 * Astro middleware: after a funnel page rendered, store its HTML in the edge cache under
 * the key the page chose (`locals.htmlCacheKey`, see src/serving/html-cache.ts), then add the
 * visitor's attribution cookies (src/serving/attribution.ts) to the answer, never to the
 * copy. Hits never get here: src/worker.ts answers them first (src/serving/edge-hit.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { withAttribution } from './serving/attribution';
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
  // After the copy was taken: the attribution cookies are the visitor's own, never in a copy.
  return withAttribution(context.request, response, context.locals.now);
});
