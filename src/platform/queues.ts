/**
 * The worker's queue consumers, by queue name (wrangler.toml `[[queues.consumers]]`);
 * src/worker.ts's `queue` handler runs the one its batch's queue names.
 *   edgefunnel-views   counted views rolled up into the statistics' counters (./stats/view-consumer.ts)
 */
import type { Bindings } from './env';
import { consumeViews } from './stats/view-consumer';

export type QueueConsumer = (batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) => Promise<void>;

export const QUEUE_CONSUMERS: Record<string, QueueConsumer> = {
  'edgefunnel-views': (batch, env) => consumeViews(batch, env),
};
