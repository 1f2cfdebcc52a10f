/** The worker the workerd tests run: the edge app without Astro's pages, and the queues' consumers. */
import { createEdgeApp } from '../../src/edge';
import type { Bindings } from '../../src/platform/env';
import { QUEUE_CONSUMERS } from '../../src/platform/queues';

const edge = createEdgeApp();

export default {
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => edge.fetch(request, env, ctx),
  async queue(batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) {
    await QUEUE_CONSUMERS[batch.queue]?.(batch, env, ctx);
  },
};
