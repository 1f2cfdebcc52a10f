/**
 * Astro middleware: after a funnel page rendered, store its HTML in the edge cache under
 * the key the page chose (`locals.htmlCacheKey`, see src/serving/html-cache.ts), then add the
 * visitor's attribution cookies (src/serving/attribution.ts) to the answer, never to the
 * copy, nor an ad visit's query in the step links. Hits never get here: src/worker.ts answers them first (src/serving/edge-hit.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { withAttribution } from './serving/attribution';
import { hasCarriedQuery, withCampaignLinks } from './serving/campaign-links';
import { cacheableQuery, edgeCache, storeHtml } from './serving/html-cache';
import { consoleRenderLog } from './tree/log';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const key = context.locals.htmlCacheKey;
  if (key && response.status === 200) {
    context.locals.waitUntil(
      storeHtml(edgeCache(), key, response.clone()).catch((error) => consoleRenderLog('page-cache.html-store-failed', { key, error: String(error) })),
    );
  }
  // After the copy was taken: the attribution cookies and an ad visit's query in the step
  // links (./serving/campaign-links.ts) are the visitor's own, never in a copy.
  const search = context.url.search;
  const answer = key && hasCarriedQuery(search.slice(1), cacheableQuery(search.slice(1))) ? withCampaignLinks(response, search) : response;
  return withAttribution(context.request, answer, context.locals.now);
});
