/**
 * Helpers of the webhook delivery tests: calls run with the queue binding left out (nothing is
 * enqueued behind the test's back) and a DLQ that records what it is sent; the test hands the
 * consumer its messages at the times it names.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import type { Bindings } from '../../src/platform/env';
import { consumeWebhooks } from '../../src/platform/webhooks/consumer';
import type { WebhookMessage } from '../../src/platform/webhooks/send';
import { at, type Loose } from './forms-fixtures';

export const T0 = Date.UTC(2026, 5, 1, 12);
export const HOUR = 3_600_000;
export const dlq: unknown[] = [];
/** The worker's bindings without the queue (nothing is enqueued by the calls) and with a DLQ that records what it is sent. */
export const quiet = (): Bindings => ({
  ...(env as Bindings),
  WEBHOOK_QUEUE: undefined,
  WEBHOOK_DLQ: { send: async (body: unknown) => void dlq.push(body) } as unknown as Queue,
});

let visitor = 0;
export async function optIn(email: string, now = T0): Promise<Response> {
  visitor += 1;
  const ctx = createExecutionContext();
  const res = await platformApi.fetch(
    new Request('http://host.test/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `192.0.2.${visitor}`, ...at(now) },
      body: JSON.stringify({ location_id: 'loc_a', name: 'Del Ivery', email }),
    }),
    quiet(),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

export async function dispatches(eventId: string) {
  return (
    await env.DB.prepare('SELECT webhook_id, status, attempts, enqueued FROM webhook_dispatches WHERE event_id = ? ORDER BY webhook_id')
      .bind(eventId)
      .all<Loose>()
  ).results;
}

/** The consumer given one message for (event, endpoint) at `now`: answers the queue's verdict on it. */
export async function consume(message: WebhookMessage, now: number) {
  const batch = createMessageBatch<WebhookMessage>('edgefunnel-webhooks', [{ id: `msg-${now}`, timestamp: now, attempts: 1, body: message }]);
  const ctx = createExecutionContext();
  await consumeWebhooks(batch as MessageBatch<unknown>, quiet(), now);
  return getQueueResult(batch, ctx);
}

export async function lastEventFor(email: string): Promise<string> {
  const row = await env.DB.prepare(
    'SELECT e.id FROM webhook_events e JOIN contacts c ON c.id = e.record_id WHERE c.email = ? ORDER BY e.created_at DESC LIMIT 1',
  )
    .bind(email)
    .first<{ id: string }>();
  if (!row) throw new Error(`no event for ${email}`);
  return row.id;
}

/** When the consumer expects the queue to hand the message over again (now + the delay it asked for). */
export const nextAttemptAt = async (eventId: string) =>
  Number((await env.DB.prepare('SELECT next_attempt_at AS at FROM webhook_dispatches WHERE event_id = ?').bind(eventId).first<{ at: number }>())?.at);

export const attemptsOf = async (eventId: string) =>
  (
    await env.DB.prepare('SELECT id, attempt, status, response_snippet, error FROM webhook_deliveries WHERE event_id = ? ORDER BY attempt')
      .bind(eventId)
      .all<Loose>()
  ).results;
