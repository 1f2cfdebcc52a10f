/**
 * The consumers of the worker's Cloudflare Queues, keyed by queue name (wrangler.toml
 * `[[queues.consumers]]`); src/worker.ts's `queue` handler looks the batch's queue up here.
 */
import type { Bindings } from './env';
import { consumeDeadLetters, consumeWebhooks } from './webhooks/consumer';

export type QueueConsumer = (batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) => Promise<void>;

export const QUEUE_CONSUMERS: Record<string, QueueConsumer> = {
  'edgefunnel-webhooks': (batch, env) => consumeWebhooks(batch, env),
  'edgefunnel-webhooks-dlq': (batch, env) => consumeDeadLetters(batch, env),
};
