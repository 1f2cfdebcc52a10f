/**
 * The worker's entry (wrangler.toml `main`): a published page's edge HTML copy answers
 * first (./serving/edge-hit.ts; a request with a malformed Host gets a 400 even before that,
 * ./serving/bad-host.ts), before the Astro adapter matches a route, builds locals or
 * starts its render pipeline; every other request goes to the adapter's handler, which
 * serves the static assets and runs the fetch file (./fetch.ts: the edge routes, then
 * Astro pages). Its `scheduled` handler runs the cron triggers' sweeps, its `queue`
 * handler the queues' consumers.
 */
import { handle } from '@astrojs/cloudflare/handler';
import { badHostAnswer, requestUrl } from './serving/bad-host';
import { edgeHit } from './serving/edge-hit';
import { lastResortResponse } from './serving/last-resort';
import { drainBody } from './platform/http';
import type { Bindings } from './platform/env';
import { QUEUE_CONSUMERS } from './platform/queues';
import { runScheduled } from './platform/scheduled';

export default {
  async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
    // Parsed once: the Host check and the edge copy both read it.
    const url = requestUrl(request);
    let response = badHostAnswer(request, url);
    try {
      if (url) response ??= await edgeHit(request, env, ctx, url);
    } catch (err) {
      response = lastResortResponse(request, err);
    }
    if (!response) return handle(request, env as unknown as Parameters<typeof handle>[1], ctx);
    // A body answered unread is read to its end first, so the connection is left clean
    // for the client's next request (as ./fetch.ts does for everything else).
    await drainBody(request);
    return response;
  },

  /** The cron triggers of wrangler.toml: sweeps expired spam-defence rows (./platform/scheduled.ts). */
  async scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime, controller.cron));
  },

  /** The Cloudflare Queues consumers (wrangler.toml), one per queue (./platform/queues.ts). */
  async queue(batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext): Promise<void> {
    const consumer = QUEUE_CONSUMERS[batch.queue];
    if (!consumer) throw new Error(`No consumer for queue ${batch.queue}`);
    await consumer(batch, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
