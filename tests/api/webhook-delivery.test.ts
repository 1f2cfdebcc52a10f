/**
 * The outbox and the consumer under failure: an event exists only with its record, failed
 * deliveries are retried with growing delays and dead after 3 days (the DLQ), and an endpoint
 * that keeps failing is paused and holds its deliveries until the seller unpauses it.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { RETRY_WINDOW_MS } from '../../src/lib/webhook-retry';
import { seedFunnelFixtures } from '../support/funnel-fixtures';
import { admin } from './admin-support';
import type { Loose } from './forms-fixtures';
import { attemptsOf, consume, dispatches, dlq, HOUR, lastEventFor, nextAttemptAt, optIn, T0 } from './webhook-consumer-support';
import { eventRows, eventsAt, putEndpoint, receivedAt } from './webhook-support';

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
