/**
 * The outbox and the consumer under failure: an event exists only with its record, failed
 * deliveries are retried with growing delays and dead after 3 days (the DLQ), an endpoint that
 * keeps failing is paused and held, a seller replays and unpauses, and the sweep re-sends what
 * the queue never took. The calls run with the queue binding left out, so nothing is enqueued
 * behind the test's back; the test hands the consumer its messages at the times it names.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_WINDOW_MS } from '../../src/lib/webhook-retry';
import { platformApi } from '../../src/platform/app';
import type { Bindings } from '../../src/platform/env';
import { runScheduled } from '../../src/platform/scheduled';
import { consumeWebhooks } from '../../src/platform/webhooks/consumer';
import type { WebhookMessage } from '../../src/platform/webhooks/send';
import { seedFunnelFixtures } from '../support/funnel-fixtures';
import { admin, TOKEN } from './admin-support';
import { at, type Loose } from './forms-fixtures';
import { eventRows, eventsAt, putEndpoint, receivedAt } from './webhook-support';

const T0 = Date.UTC(2026, 5, 1, 12);
const HOUR = 3_600_000;
const dlq: unknown[] = [];
/** The worker's bindings without the queue (nothing is enqueued by the calls) and with a DLQ that records what it is sent. */
const quiet = (): Bindings => ({
  ...(env as Bindings),
  WEBHOOK_QUEUE: undefined,
  WEBHOOK_DLQ: { send: async (body: unknown) => void dlq.push(body) } as unknown as Queue,
});

let visitor = 0;
async function optIn(email: string, now = T0): Promise<Response> {
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

async function dispatches(eventId: string) {
  return (
    await env.DB.prepare('SELECT webhook_id, status, attempts, enqueued FROM webhook_dispatches WHERE event_id = ? ORDER BY webhook_id')
      .bind(eventId)
      .all<Loose>()
  ).results;
}

/** The consumer given one message for (event, endpoint) at `now`: answers the queue's verdict on it. */
async function consume(message: WebhookMessage, now: number) {
  const batch = createMessageBatch<WebhookMessage>('edgefunnel-webhooks', [{ id: `msg-${now}`, timestamp: now, attempts: 1, body: message }]);
  const ctx = createExecutionContext();
  await consumeWebhooks(batch as MessageBatch<unknown>, quiet(), now);
  return getQueueResult(batch, ctx);
}

async function lastEventFor(email: string): Promise<string> {
  const row = await env.DB.prepare(
    'SELECT e.id FROM webhook_events e JOIN contacts c ON c.id = e.record_id WHERE c.email = ? ORDER BY e.created_at DESC LIMIT 1',
  )
    .bind(email)
    .first<{ id: string }>();
  if (!row) throw new Error(`no event for ${email}`);
  return row.id;
}

/** When the consumer expects the queue to hand the message over again (now + the delay it asked for). */
const nextAttemptAt = async (eventId: string) =>
  Number((await env.DB.prepare('SELECT next_attempt_at AS at FROM webhook_dispatches WHERE event_id = ?').bind(eventId).first<{ at: number }>())?.at);

const attemptsOf = async (eventId: string) =>
  (
    await env.DB.prepare('SELECT id, attempt, status, response_snippet, error FROM webhook_deliveries WHERE event_id = ? ORDER BY attempt')
      .bind(eventId)
      .all<Loose>()
  ).results;

beforeEach(async () => {
  await seedFunnelFixtures().catch(() => undefined);
  // Each test's endpoints alone listen.
  await env.DB.prepare('UPDATE webhooks SET active = 0').run();
  dlq.length = 0;
});

describe('the outbox', () => {
  it('writes one event and a dispatch per subscribed endpoint in the batch of the record', async () => {
    await putEndpoint('wh_all', '/ok/outbox-all');
    await putEndpoint('wh_contacts', '/ok/outbox-contacts', ['contact.created']);
    await putEndpoint('wh_orders', '/ok/outbox-orders', ['order.paid']);
    expect((await optIn('outbox.one@example.com')).status).toBe(200);
    const id = await lastEventFor('outbox.one@example.com');
    expect(await dispatches(id)).toEqual([
      { webhook_id: 'wh_all', status: 'queued', attempts: 0, enqueued: 0 },
      { webhook_id: 'wh_contacts', status: 'queued', attempts: 0, enqueued: 0 },
    ]);
  });

  it('writes no event when the record write fails, and none when nobody listens', async () => {
    await putEndpoint('wh_fail_write', '/ok/outbox-fail');
    const before = (await eventRows()).length;
    await env.DB.prepare("CREATE TRIGGER refuse_contacts BEFORE INSERT ON contacts BEGIN SELECT RAISE(ABORT, 'disk full'); END").run();
    try {
      expect((await optIn('outbox.fails@example.com')).status).toBe(500);
    } finally {
      await env.DB.prepare('DROP TRIGGER refuse_contacts').run();
    }
    expect((await eventRows()).length).toBe(before);
    await env.DB.prepare('UPDATE webhooks SET active = 0').run();
    expect((await optIn('outbox.nobody@example.com')).status).toBe(200);
    expect((await eventRows()).length).toBe(before);
  });
});

describe('the consumer', () => {
  it('retries a failing receiver with growing delays, logging every attempt, and sends the same signed event each time', async () => {
    await putEndpoint('wh_retry', '/fail/retry');
    await optIn('retry@example.com');
    const event = await lastEventFor('retry@example.com');
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const now = T0 + i * HOUR;
      const result = await consume({ event, webhook: 'wh_retry' }, now);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(((await nextAttemptAt(event)) - now) / 1000);
    }
    expect(delays).toEqual([30, 120, 600, 1800, 3600]);
    const attempts = await attemptsOf(event);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 500]));
    expect(attempts[0]?.response_snippet.length).toBe(1024);
    const bodies = (await receivedAt('/fail/retry')).map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);
    expect((await dispatches(event))[0]).toMatchObject({ status: 'retrying', attempts: 5 });
  });

  it('gives up after 3 days: the dispatch is dead, its message goes to the DLQ, the endpoint is paused and later events are held', async () => {
    await putEndpoint('wh_dead', '/fail/dead');
    await optIn('dead@example.com');
    const event = await lastEventFor('dead@example.com');
    // The last retry lands on the end of the 3 days.
    expect((await consume({ event, webhook: 'wh_dead' }, T0 + RETRY_WINDOW_MS - 10_000)).retryMessages).toHaveLength(1);
    expect(await nextAttemptAt(event)).toBe(T0 + RETRY_WINDOW_MS);
    const last = await consume({ event, webhook: 'wh_dead' }, T0 + RETRY_WINDOW_MS);
    expect(last.explicitAcks).toEqual([`msg-${T0 + RETRY_WINDOW_MS}`]);
    expect(last.retryMessages).toEqual([]);
    expect((await dispatches(event))[0]).toMatchObject({ status: 'dead', attempts: 2 });
    expect(dlq).toEqual([{ event, webhook: 'wh_dead', reason: 'Not delivered in 3 days (2 attempts)' }]);

    const status = (await (await admin('GET', '/status')).json()) as Loose;
    expect(status.webhooks.paused).toContainEqual(expect.objectContaining({ id: 'wh_dead', reason: 'A delivery failed for 3 days' }));
    expect(((await (await admin('GET', '/webhooks/wh_dead')).json()) as Loose).paused).toBe(true);

    await optIn('dead.later@example.com', T0 + RETRY_WINDOW_MS + HOUR);
    const later = await lastEventFor('dead.later@example.com');
    expect((await dispatches(later))[0]).toMatchObject({ status: 'held' });
  });

  it('pauses an endpoint failing for a day, and sends what it held once the seller unpauses it', async () => {
    await putEndpoint('wh_flaky', '/fail/flaky');
    await optIn('flaky@example.com');
    const event = await lastEventFor('flaky@example.com');
    let result = await consume({ event, webhook: 'wh_flaky' }, T0);
    for (let i = 1; i < 10; i++) result = await consume({ event, webhook: 'wh_flaky' }, T0 + i * 3 * HOUR);
    // The 10th failure in a row, 27 hours into the outage.
    expect(result.retryMessages).toEqual([]);
    expect((await dispatches(event))[0]).toMatchObject({ status: 'held', attempts: 10 });
    const status = (await (await admin('GET', '/status')).json()) as Loose;
    expect(status.webhooks.paused).toContainEqual(expect.objectContaining({ id: 'wh_flaky', reason: '10 failed attempts in a row', held: 1 }));
    expect(status.webhooks.dispatches.held).toBeGreaterThanOrEqual(1);

    await putEndpoint('wh_flaky', '/ok/flaky', '*', { paused: false });
    expect((await dispatches(event))[0]).toMatchObject({ status: 'queued', enqueued: 0 });
    expect(((await (await admin('GET', '/webhooks/wh_flaky')).json()) as Loose).paused).toBe(false);
    expect((await consume({ event, webhook: 'wh_flaky' }, T0 + 30 * HOUR)).explicitAcks).toHaveLength(1);
    expect((await dispatches(event))[0]).toMatchObject({ status: 'delivered', attempts: 11 });
    expect((await eventsAt('/ok/flaky')).map((e) => e.id)).toEqual([event]);
  });
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
