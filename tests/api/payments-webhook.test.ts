import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '../../src/platform/app';
import { post, seedFunnelFixtures, stripeEnv } from '../support/funnel-fixtures';

const SECRET = 'whsec_test_standin';

beforeAll(async () => {
  await seedFunnelFixtures();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, location_id, funnel_id, step_id, source, submission_type, status, currency, amount, idempotency_key, created_at, updated_at) VALUES ('or_w1', 'loc_a', 'fn_a', 'st_sale', 'order_form', 2, 'paid', 'USD', 4900, 'key_w1', 0, 0)",
    ),
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, provider, provider_ref, status, amount, currency, order_type, created_at, updated_at) VALUES ('pay_w1', 'or_w1', 'stripe', 'pi_w1', 'processing', 4900, 'USD', 'oneTime', 0, 0)",
    ),
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, provider, provider_ref, status, amount, currency, order_type, created_at, updated_at) VALUES ('pay_w2', 'or_w1', 'stripe', 'sub_w1', 'active', 999, 'USD', 'subscription', 0, 0)",
    ),
  ]);
});

async function sign(payload: string, secret = SECRET, at = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${at}.${payload}`)));
  return `t=${at},v1=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const event = (id: string, type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    data: { object },
    api_version: '2026-10-28.endive',
    livemode: false,
    pending_webhooks: 1,
    request: null,
  });

async function deliver(payload: string, signature?: string, bindings: Record<string, unknown> = { ...stripeEnv(), STRIPE_WEBHOOK_SECRET: SECRET }) {
  const ctx = createExecutionContext();
  const res = await platformApi.fetch(
    new Request('http://host.test/api/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': signature ?? (await sign(payload)) }, body: payload }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const status = async (ref: string) => env.DB.prepare('SELECT status FROM payments WHERE provider_ref = ?').bind(ref).first('status');

describe('POST /stripe/webhook', () => {
  it('applies a signed event once, however often it arrives', async () => {
    const payload = event('evt_1', 'payment_intent.succeeded', { id: 'pi_w1', object: 'payment_intent', status: 'succeeded' });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await status('pi_w1')).toBe('succeeded');
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = 'evt_1'").first('n')).toBe(1);
  });

  it('never lets an older event overwrite a newer status', async () => {
    const now = Math.floor(Date.now() / 1000);
    await deliver(event('evt_new', 'customer.subscription.updated', { id: 'sub_w1', object: 'subscription', status: 'past_due' }, now));
    await deliver(event('evt_old', 'customer.subscription.updated', { id: 'sub_w1', object: 'subscription', status: 'active' }, now - 60));
    expect(await status('sub_w1')).toBe('past_due');
  });

  it('marks the order failed when its payment fails', async () => {
    await deliver(
      event(
        'evt_fail',
        'payment_intent.payment_failed',
        { id: 'pi_w1', object: 'payment_intent', status: 'requires_payment_method' },
        Math.floor(Date.now() / 1000) + 5,
      ),
    );
    expect(await env.DB.prepare("SELECT status FROM orders WHERE id = 'or_w1'").first('status')).toBe('failed');
  });

  it('acknowledges event types it does not follow', async () => {
    const res = await deliver(event('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
  });

  it('refuses a bad or missing signature and a tampered body, writing nothing', async () => {
    const payload = event('evt_forged', 'payment_intent.succeeded', { id: 'pi_w1', object: 'payment_intent', status: 'succeeded' });
    for (const signature of ['', 't=1,v1=00', await sign(payload, 'whsec_wrong'), await sign(payload, SECRET, 1_000_000)]) {
      const res = await deliver(payload, signature);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: 'Invalid webhook signature' });
    }
    const tampered = await deliver(payload.replace('succeeded', 'failed'), await sign(payload));
    expect(tampered.status).toBe(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = 'evt_forged'").first('n')).toBe(0);
  });

  it('answers 503 while webhooks are not configured', async () => {
    const res = await post('/stripe/webhook', '{}');
    expect(res.status).toBe(503);
    const noSecret = await deliver('{}', 't=1,v1=00', stripeEnv());
    expect(noSecret).toEqual({ status: 503, body: { msg: 'Payment webhooks are not configured.' } });
  });
});

describe('reconciliation: an order charged but not recorded', () => {
  it('is marked paid by the webhook, found by the order id in the metadata; an event matching nothing is not recorded', async () => {
    // What the pay call left behind when recording the charge failed: a processing order, no payment row.
    await env.DB.prepare(
      "INSERT INTO orders (id, location_id, funnel_id, step_id, contact_id, source, submission_type, status, currency, amount, idempotency_key, attempt_of, created_at, updated_at) VALUES ('or_r1', 'loc_a', 'fn_a', 'st_sale', NULL, 'order_form', 2, 'processing', 'USD', 4900, 'ord_r1', 'ord_r1', 0, 0)",
    ).run();
    const intent = {
      id: 'pi_r1',
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4900,
      currency: 'usd',
      customer: 'cus_r1',
      payment_method: 'pm_r1',
      metadata: { order_id: 'or_r1', order_key: 'ord_r1', product_ids: 'pr_main' },
    };
    expect((await deliver(event('evt_r1', 'payment_intent.succeeded', intent))).body).toEqual({ received: true, outcome: 'applied' });
    const order = await env.DB.prepare("SELECT status, provider_ref, provider_customer, payment_method, paid_at FROM orders WHERE id = 'or_r1'").first();
    expect(order).toMatchObject({ status: 'paid', provider_ref: 'pi_r1', provider_customer: 'cus_r1', payment_method: 'pm_r1' });
    expect(order?.paid_at).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT order_id, status, amount, currency, product_ids FROM payments WHERE provider_ref = 'pi_r1'").first()).toEqual({
      order_id: 'or_r1',
      status: 'succeeded',
      amount: 4900,
      currency: 'USD',
      product_ids: '["pr_main"]',
    });

    // Found by the idempotency key alone when the metadata lacks the order id.
    await env.DB.prepare(
      "INSERT INTO orders (id, location_id, funnel_id, step_id, source, submission_type, status, currency, amount, idempotency_key, attempt_of, created_at, updated_at) VALUES ('or_r2', 'loc_a', 'fn_a', 'st_sale', 'order_form', 2, 'processing', 'USD', 1500, 'ord_r2', 'ord_r2', 0, 0)",
    ).run();
    const byKey = event('evt_r2', 'payment_intent.succeeded', { ...intent, id: 'pi_r2', amount: 1500, metadata: { order_key: 'ord_r2' } });
    expect((await deliver(byKey)).body).toEqual({ received: true, outcome: 'applied' });
    expect(await env.DB.prepare("SELECT status FROM orders WHERE id = 'or_r2'").first('status')).toBe('paid');

    const stray = event('evt_stray', 'payment_intent.succeeded', { ...intent, id: 'pi_elsewhere', metadata: { order_id: 'or_missing' } });
    expect((await deliver(stray)).body).toEqual({ received: true, outcome: 'unmatched' });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = 'evt_stray'").first('n')).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE provider_ref = 'pi_elsewhere'").first('n')).toBe(0);
  });
});
