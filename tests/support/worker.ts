/** The worker the workerd tests run: the edge app without Astro's pages. */
import { createEdgeApp } from '../../src/edge';
import type { Bindings } from '../../src/platform/env';
import { QUEUE_CONSUMERS } from '../../src/platform/queues';

const edge = createEdgeApp();

export default {
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => edge.fetch(request, env, ctx),
  // The queues' consumers, as src/worker.ts runs them: a view sent to VIEW_QUEUE in a test is rolled up.
  queue: async (batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) => QUEUE_CONSUMERS[batch.queue]?.(batch, env, ctx),
};
