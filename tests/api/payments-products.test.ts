import { createExecutionContext, SELF } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, post, postWithStripe, seedFunnelFixtures, stripeEnv, stripeLog } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());

const list = (query: string) => SELF.fetch(`http://host.test/api/stripe/funnel/product/list?${query}`);

describe('GET /stripe/funnel/product/list', () => {
  it("lists the step's products in the seller's order with prices from the database", async () => {
    const res = await list('funnel_id=fn_a&step_id=st_sale');
    expect(res.status).toBe(200);
    const products = (await res.json()) as Record<string, unknown>[];
    expect(products.map((p) => p.id)).toEqual(['pr_main', 'pr_bump', 'pr_sub', 'pr_eur']);
    expect(products[0]).toMatchObject({
      id: 'pr_main',
      productName: 'Course',
      paymentType: 'one_time',
      orderType: 'oneTime',
      productPrice: '49.00',
      priceDisplay: '$49.00',
      currencyPicked: 'USD',
      currencySymbol: '$',
      amount: 4900,
      currency: 'usd',
      bumpProduct: false,
    });
    expect(products[1]).toMatchObject({ id: 'pr_bump', bumpProduct: true, productPrice: '15.00' });
    expect(products[2]).toMatchObject({ paymentType: 'recurring', orderType: 'subscription', interval: 'month', priceDisplay: '$9.99/month' });
    expect(products[3]).toMatchObject({ currencySymbol: '€', productPrice: '10.00' });
  });

  it('formats zero-decimal currencies without cents', async () => {
    const products = (await (await list('funnel_id=fn_n&step_id=st_n2')).json()) as Record<string, unknown>[];
    expect(products).toEqual([expect.objectContaining({ id: 'pr_jpy', productPrice: '1200', currencySymbol: '¥' })]);
  });

  it('answers an empty list for a step without products and 404 for an unknown funnel', async () => {
    expect(await (await list('funnel_id=fn_a&step_id=st_optin')).json()).toEqual([]);
    expect(await (await list('funnel_id=fn_a&step_id=st_nope')).json()).toEqual([]);
    const unknown = await list('funnel_id=fn_zz&step_id=st_sale');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'Funnel not found' });
  });

  it('refuses missing or malformed ids with 400', async () => {
    for (const query of [
      '',
      'step_id=st_sale',
      'funnel_id=../fn_a',
      `funnel_id=${encodeURIComponent("'; DROP TABLE products; --")}`,
      'funnel_id=fn_a&step_id=a%2Fb',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await count('products')).toBe(7);
  });
});

describe('POST /v2/funnel/product/setup-intent', () => {
  it('answers 503 while card payments are not configured', async () => {
    const res = await post('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ msg: 'Card payments are not configured for this seller.' });
  });

  it('starts a card setup for the location and answers its client secret', async () => {
    const res = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
    expect(res.status).toBe(200);
    const { client_secret } = (await res.json()) as { client_secret: string };
    expect(client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    const created = (await stripeLog()).find((r) => r.path === '/v1/setup_intents' && r.params['metadata[location_id]'] === 'loc_a');
    expect(created?.params).toMatchObject({ usage: 'off_session', 'allowed_payment_method_types[0]': 'card' });
  });

  it('answers 502 with a msg when Stripe cannot be reached', async () => {
    const ctx = createExecutionContext();
    const res = await platformApi.fetch(
      new Request('http://host.test/api/v2/funnel/product/setup-intent', { method: 'POST', body: JSON.stringify({ locationId: 'loc_a' }) }),
      { ...stripeEnv(), STRIPE_API_HOST: 'stripe-unreachable.invalid:9' },
      ctx,
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ msg: 'The payment provider could not be reached. Please try again in a moment.' });
  });

  it('refuses an unknown location and bad input without calling Stripe', async () => {
    const before = (await stripeLog()).length;
    for (const [body, status] of [
      [{ locationId: 'loc_missing' }, 404],
      [{}, 400],
      [{ locationId: '../x' }, 400],
      [{ locationId: 7 }, 400],
      ['{not json', 400],
    ] as const) {
      const res = await postWithStripe('/v2/funnel/product/setup-intent', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect((await stripeLog()).length).toBe(before);
  });
});
