/**
 * The consumers of the worker's Cloudflare Queues, keyed by queue name (wrangler.toml
 * `[[queues.consumers]]`); src/worker.ts's `queue` handler looks the batch's queue up here.
 *   edgefunnel-webhooks       webhook dispatches posted to their endpoints (./webhooks/consumer.ts)
 *   edgefunnel-webhooks-dlq   dispatches out of retries, marked dead (./webhooks/consumer.ts)
 *   edgefunnel-views          counted views rolled up into the statistics' counters (./stats/view-consumer.ts)
 */
import type { Bindings } from './env';
import { consumeViews } from './stats/view-consumer';
import { consumeDeadLetters, consumeWebhooks } from './webhooks/consumer';

export type QueueConsumer = (batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) => Promise<void>;

export const QUEUE_CONSUMERS: Record<string, QueueConsumer> = {
  'edgefunnel-webhooks': (batch, env) => consumeWebhooks(batch, env),
  'edgefunnel-webhooks-dlq': (batch, env) => consumeDeadLetters(batch, env),
  'edgefunnel-views': (batch, env) => consumeViews(batch, env),
};
