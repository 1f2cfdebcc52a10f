/**
 * The first thing the worker does with a request (src/worker.ts): answer a published page
 * from its edge HTML copy (./html-cache.ts) before the router, Astro or any page work. No
 * copy → undefined, and the request goes on to the pages, which render and store one.
 */
import { createApiClient } from '../platform/client';
import type { Bindings } from '../platform/env';
import { consoleRenderLog } from '../tree/log';
import { withAttribution } from './attribution';
import { fetchPageData } from './get-page';
import { answerFromEdge, edgeCache } from './html-cache';
import { freshMsOf } from './page-cache';

/** Paths that are never a published funnel page. */
const NOT_FUNNEL_PAGES = /^\/(?:_astro|_ah|v2|widget|survey|api|admin)(?:\/|$)|^\/robots\.txt$/i;

/** The edge copy of the published page `request` asks for, or undefined. */
export async function edgeHit(request: Request, bindings: Bindings, ctx: ExecutionContext): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (NOT_FUNNEL_PAGES.test(url.pathname)) return undefined;
  const now = Date.now();
  const options = {
    kv: bindings.PAGE_CACHE,
    cache: edgeCache(),
    now,
    freshMs: freshMsOf(bindings.PAGE_FRESH_SECONDS),
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    fetchPage: (host: string, path: string) => fetchPageData(createApiClient(bindings, ctx), { domain_name: host, page_url: path }),
    log: consoleRenderLog,
  };
  const answer = await answerFromEdge(request, options, url);
  // After the cache read: the attribution cookies are the visitor's own, never in a copy.
  return answer && withAttribution(request, answer, now, url);
}
