/**
 * The first thing the worker does with a request (src/worker.ts): answer a published page
 * from its edge HTML copy (./html-cache.ts) before the router, Astro or any page work. No
 * copy → undefined, and the request goes on to the pages, which render and store one.
 */
import { CLIENT_IP_HEADER, createApiClient } from '../platform/client';
import type { Bindings } from '../platform/env';
import { consoleRenderLog } from '../tree/log';
import { withAttribution } from './attribution';
import { fetchPageData } from './get-page';
import { answerFromEdge, type EdgeHitOptions, edgeCache } from './html-cache';
import { assignVariant, type EdgeAssignment, withAssignmentCookies } from './experiment';
import { edgeCallToken } from '../platform/services/experiment-serving';
import { type PageRequest, readPageRequest } from './page-request';
import type { RouteEntry } from './page-cache';
import { freshMsOf } from './page-cache';
import { countView, isPrefetch } from './count-view';

/** Paths that are never a published funnel page. */
const NOT_FUNNEL_PAGES = /^\/(?:_astro|_ah|v2|widget|survey|api|admin)(?:\/|$)|^\/robots\.txt$/i;

/** The edge copy of the published page `request` asks for (the visitor's split-test variant of it), or undefined. */
export async function edgeHit(request: Request, bindings: Bindings, ctx: ExecutionContext, url = new URL(request.url)): Promise<Response | undefined> {
  if (NOT_FUNNEL_PAGES.test(url.pathname)) return undefined;
  const now = Date.now();
  let assignment: EdgeAssignment | null = null;
  const options: EdgeHitOptions = {
    kv: bindings.PAGE_CACHE,
    cache: edgeCache(),
    now,
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
    answered: (route: RouteEntry, page: PageRequest) => {
      if (page.notrack || isPrefetch(request.headers) || !route.funnelId || !route.stepId || !route.pageId) return;
      // A bot, a seller's ?ef_variant= preview or a variant that could not be served is not counted.
      const shown = assignment as EdgeAssignment | null;
      if (shown && !shown.counted) return;
      countView(bindings, ctx, {
        funnelId: route.funnelId,
        stepId: route.stepId,
        pageId: shown?.pageId ?? route.pageId,
        experimentId: shown?.experimentId ?? null,
        variantId: shown?.variantId ?? null,
        host: page.host,
        ip: request.headers.get(CLIENT_IP_HEADER),
        userAgent: request.headers.get('user-agent'),
        source: 'edge',
        now: options.now,
      });
    },
  };
  const answer = await answerFromEdge(request, options, url);
  // After the cache read: the attribution and variant cookies are the visitor's own, never in a copy.
  return answer && withAttribution(request, withAssignmentCookies(answer, assignment), now, url);
}
