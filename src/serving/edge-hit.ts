/**
 * The first thing the worker does with a request (src/worker.ts): answer a published page
 * from its edge HTML copy (./html-cache.ts) before the router, Astro or any page work. No
 * copy → undefined, and the request goes on to the pages, which render and store one.
 */
import { createApiClient } from '../platform/client';
import type { Bindings } from '../platform/env';
import { consoleRenderLog } from '../tree/log';
import { fetchPageData } from './get-page';
import { answerFromEdge, type EdgeHitOptions, edgeCache } from './html-cache';
import { assignVariant, type EdgeAssignment, withAssignmentCookies } from './experiment';
import { edgeCallToken } from '../platform/services/experiment-serving';
import { readPageRequest } from './page-request';
import { freshMsOf } from './page-cache';

/** Paths that are never a published funnel page. */
const NOT_FUNNEL_PAGES = /^\/(?:_astro|_ah|v2|widget|survey|api|admin)(?:\/|$)|^\/robots\.txt$/i;

/** The edge copy of the published page `request` asks for (the visitor's split-test variant of it), or undefined. */
export async function edgeHit(request: Request, bindings: Bindings, ctx: ExecutionContext): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (NOT_FUNNEL_PAGES.test(url.pathname)) return undefined;
  let assignment: EdgeAssignment | null = null;
  const options: EdgeHitOptions = {
    kv: bindings.PAGE_CACHE,
    cache: edgeCache(),
    now: Date.now(),
    freshMs: freshMsOf(bindings.PAGE_FRESH_SECONDS),
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    fetchPage: async (host: string, path: string) =>
      fetchPageData(createApiClient(bindings, ctx), { domain_name: host, page_url: path }, await edgeCallToken(bindings)),
    log: consoleRenderLog,
    assign: async (route) => {
      assignment = await assignVariant(route.experiment, {
        url,
        cookie: request.headers.get('cookie'),
        userAgent: request.headers.get('user-agent'),
        notrack: readPageRequest(url).notrack,
      });
      return assignment;
    },
  };
  const response = await answerFromEdge(request, options, url);
  // Cookies go on after the cache read: a stored copy never holds them.
  return response && withAssignmentCookies(response, assignment);
}
