/**
 * Recovering webhook deliveries: a seller's replay, the scheduled sweep that re-sends what the
 * queue never took (or lost) and deletes what is past its keeping time, the dead-letter queue's
 * consumer, and the events of Stripe's own webhook calls.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platformApi } from '../../src/platform/app';
import type { Bindings } from '../../src/platform/env';
import { runScheduled } from '../../src/platform/scheduled';
import { consumeDeadLetters } from '../../src/platform/webhooks/consumer';
import type { WebhookMessage } from '../../src/platform/webhooks/send';
import { seedFunnelFixtures, stripeEnv } from '../support/funnel-fixtures';
import { admin, TOKEN } from './admin-support';
import { at, type Loose } from './forms-fixtures';
import { attemptsOf, consume, dispatches, dlq, HOUR, lastEventFor, optIn, quiet, T0 } from './webhook-consumer-support';
import { eventRows, eventsAt, putEndpoint } from './webhook-support';

beforeEach(async () => {
  await seedFunnelFixtures().catch(() => undefined);
  // Each test's endpoints alone listen.
  await env.DB.prepare('UPDATE webhooks SET active = 0').run();
  dlq.length = 0;
});

describe('POST /admin/v1/webhook-deliveries/{id}/replay', () => {
  it('sends a logged event again with the same webhook-id as a new attempt', async () => {
    await putEndpoint('wh_replay', '/fail/replay');
    await optIn('replay@example.com');
    const event = await lastEventFor('replay@example.com');
    await consume({ event, webhook: 'wh_replay' }, T0);
    const [failed] = await attemptsOf(event);
    await putEndpoint('wh_replay', '/ok/replay');
    const res = await admin('POST', `/webhook-deliveries/${failed?.id}/replay`, undefined, { authorization: `Bearer ${TOKEN}`, ...at(T0 + HOUR) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ delivered: true, status: 204 });
    const [replayed] = await eventsAt('/ok/replay');
    expect(replayed?.headers['webhook-id']).toBe(event);
    expect((await attemptsOf(event)).map((a) => a.attempt)).toEqual([1, 2]);
    expect((await dispatches(event))[0]).toMatchObject({ status: 'delivered' });
    // The queue's retry of it later sends nothing more.
    expect((await consume({ event, webhook: 'wh_replay' }, T0 + 2 * HOUR)).explicitAcks).toHaveLength(1);
    expect(await eventsAt('/ok/replay')).toHaveLength(1);
  });

  it('answers 404 with msg for an unknown delivery and 400 for a malformed id', async () => {
    const unknown = await admin('POST', '/webhook-deliveries/dlv_nope/replay');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'Delivery dlv_nope does not exist' });
    const bad = await admin('POST', `/webhook-deliveries/${encodeURIComponent("x' OR 1=1")}/replay`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Loose).msg).toBeTruthy();
  });
});

describe('the scheduled sweep', () => {
  it('sends the dispatches the queue never took, and again those it lost', async () => {
    await putEndpoint('wh_sweep', '/ok/sweep');
    await optIn('sweep@example.com');
    const event = await lastEventFor('sweep@example.com');
    expect((await dispatches(event))[0]).toMatchObject({ enqueued: 0 });
    const swept = await runScheduled(env as Bindings, Date.now(), '*/5 * * * *');
    expect(swept.webhooks.sent).toBeGreaterThanOrEqual(1);
    // The real queue and its consumer deliver it.
    await vi.waitFor(async () => expect((await eventsAt('/ok/sweep')).map((e) => e.id)).toEqual([event]), { timeout: 20_000, interval: 200 });
    expect((await dispatches(event))[0]).toMatchObject({ status: 'delivered', enqueued: 1 });

    // A message the queue took and never handed over (a restarted worker) is sent again.
    await optIn('sweep.lost@example.com');
    const lost = await lastEventFor('sweep.lost@example.com');
    await env.DB.prepare('UPDATE webhook_dispatches SET enqueued = 1, next_attempt_at = ? WHERE event_id = ?')
      .bind(Date.now() - 16 * 60_000, lost)
      .run();
    expect((await runScheduled(env as Bindings, Date.now(), '*/5 * * * *')).webhooks.lost).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await eventsAt('/ok/sweep')).map((e) => e.id)).toContain(lost), { timeout: 20_000, interval: 200 });
  });

  it('deletes events 30 days after they settled (90 when dead), never one still pending', async () => {
    const DAY = 24 * HOUR;
    await putEndpoint('wh_keep', '/ok/keep');
    const made: string[] = [];
    for (const email of ['keep.delivered@example.com', 'keep.dead@example.com', 'keep.held@example.com']) {
      await optIn(email);
      made.push(await lastEventFor(email));
    }
    const [delivered, dead, held] = made as [string, string, string];
    await consume({ event: delivered, webhook: 'wh_keep' }, T0);
    await env.DB.batch([
      env.DB.prepare("UPDATE webhook_dispatches SET status = 'dead', settled_at = ? WHERE event_id = ?").bind(T0, dead),
      env.DB.prepare("UPDATE webhook_dispatches SET status = 'held' WHERE event_id = ?").bind(held),
    ]);
    const kept = async () => new Set((await eventRows()).map((e) => e.id));
    await runScheduled(env as Bindings, T0 + 29 * DAY);
    expect([...(await kept())].filter((id) => made.includes(id)).sort()).toEqual([...made].sort());
    await runScheduled(env as Bindings, T0 + 31 * DAY);
    expect((await kept()).has(delivered)).toBe(false);
    expect(await attemptsOf(delivered)).toEqual([]);
    expect(await dispatches(delivered)).toEqual([]);
    expect((await kept()).has(dead)).toBe(true);
    await runScheduled(env as Bindings, T0 + 91 * DAY);
    expect((await kept()).has(dead)).toBe(false);
    expect((await kept()).has(held)).toBe(true);
  });
});

describe('the dead-letter queue consumer', () => {
  it('marks dead what the platform moved there, and leaves a delivered dispatch alone', async () => {
    await putEndpoint('wh_dlq', '/ok/dlq');
    await optIn('dlq.moved@example.com');
    const moved = await lastEventFor('dlq.moved@example.com');
    await optIn('dlq.done@example.com');
    const done = await lastEventFor('dlq.done@example.com');
    await consume({ event: done, webhook: 'wh_dlq' }, T0);
    const batch = createMessageBatch<WebhookMessage>('edgefunnel-webhooks-dlq', [
      { id: 'dl-1', timestamp: T0, attempts: 31, body: { event: moved, webhook: 'wh_dlq' } },
      { id: 'dl-2', timestamp: T0, attempts: 31, body: { event: done, webhook: 'wh_dlq' } },
    ]);
    await consumeDeadLetters(batch as MessageBatch<unknown>, quiet(), T0);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(['dl-1', 'dl-2']);
    expect((await dispatches(moved))[0]).toMatchObject({ status: 'dead' });
    expect((await dispatches(done))[0]).toMatchObject({ status: 'delivered' });
  });
});

describe('Stripe events', () => {
  const SECRET = 'whsec_hooks_standin';
  async function stripeEvent(id: string, type: string, intent: string) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intent, object: 'payment_intent', status: type.endsWith('succeeded') ? 'succeeded' : 'requires_payment_method' } },
    });
    const at = Math.floor(Date.now() / 1000);
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${at}.${payload}`)));
    const signature = `t=${at},v1=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    const ctx = createExecutionContext();
    const res = await platformApi.fetch(
      new Request('http://host.test/api/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': signature }, body: payload }),
      { ...stripeEnv(), STRIPE_WEBHOOK_SECRET: SECRET, WEBHOOK_QUEUE: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
  }
  const eventsOf = async (orderId: string) =>
    (await env.DB.prepare('SELECT type FROM webhook_events WHERE record_id = ? ORDER BY created_at, rowid').bind(orderId).all<{ type: string }>()).results.map(
      (row) => row.type,
    );

  it('an event that settles an order writes order.paid or payment.failed once; one that changes nothing writes none', async () => {
    await putEndpoint('wh_stripe', '/ok/stripe', ['order.paid', 'payment.failed']);
    const order = (id: string, intent: string) => [
      env.DB.prepare(
        "INSERT INTO orders (id, location_id, funnel_id, step_id, source, submission_type, status, currency, amount, idempotency_key, created_at, updated_at) VALUES (?, 'loc_a', 'fn_a', 'st_sale', 'order_form', 2, 'processing', 'USD', 4900, ?, 0, 0)",
      ).bind(id, `key_${id}`),
      env.DB.prepare(
        "INSERT INTO payments (id, order_id, provider, provider_ref, status, amount, currency, order_type, created_at, updated_at) VALUES (?, ?, 'stripe', ?, 'processing', 4900, 'USD', 'oneTime', 0, 0)",
      ).bind(`pay_${id}`, id, intent),
    ];
    await env.DB.batch([...order('or_hk_paid', 'pi_hk_paid'), ...order('or_hk_fail', 'pi_hk_fail')]);
    await stripeEvent('evt_s1', 'payment_intent.succeeded', 'pi_hk_paid');
    await stripeEvent('evt_s2', 'payment_intent.succeeded', 'pi_hk_paid');
    expect(await eventsOf('or_hk_paid')).toEqual(['order.paid']);
    await stripeEvent('evt_s3', 'payment_intent.payment_failed', 'pi_hk_fail');
    expect(await eventsOf('or_hk_fail')).toEqual(['payment.failed']);
  });
});
