import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmCard, count, HOST, post, postWithStripe, seedFunnelFixtures, stripeLog } from '../support/funnel-fixtures';

beforeAll(async () => {
  await seedFunnelFixtures();
  // The buyer opted in on the first step of the order form: the order's contact.
  const res = await post('/contact', { location_id: 'loc_a', name: 'Cy Buyer', email: 'cy@example.com', fingerprint: 'fp_buyer', funnel_id: 'fn_a', funneEventData: { funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin', domain_name: HOST, page_url: '/' } });
  expect(res.status).toBe(200);
});

async function setUpCard(paymentMethod = 'pm_card_visa'): Promise<string> {
  const res = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
  const { client_secret } = (await res.json()) as { client_secret: string };
  await confirmCard(client_secret, paymentMethod);
  return client_secret;
}

const orderForm = (clientSecret: string, patch: Record<string, unknown> = {}) => ({
  fingerprint: 'fp_buyer',
  paymentMethodId: 'pm_card_visa',
  productList: ['pr_main', 'pr_bump', 'pr_sub'],
  locationId: 'loc_a',
  funnelId: 'fn_a',
  stepId: 'st_sale',
  pageId: 'pg_sale',
  source: 'order_form',
  client_secret: clientSecret,
  submissionType: 2,
  eventData: { utm_campaign: 'spring' },
  ...patch,
});

interface PayAnswer {
  logs: { id: string; orderType: string; amount: number; paymentId: string | null }[];
  mmLogs: { token: string }[];
  sessionFingerprint: string;
  sessionId: string;
  msg?: string;
}

const pay = async (body: unknown) => {
  const res = await postWithStripe('/v2/funnel/product/pay', body);
  return { status: res.status, body: (await res.json()) as PayAnswer };
};

const paymentIntentsFor = async (orderId: string) =>
  (await stripeLog()).filter((r) => r.path === '/v1/payment_intents' && r.params['metadata[order_id]'] === orderId);

describe('POST /v2/funnel/product/pay (order form)', () => {
  it('answers 503 and writes nothing while card payments are not configured', async () => {
    const res = await post('/v2/funnel/product/pay', orderForm('seti_abc_secret_def'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ msg: 'Card payments are not configured for this seller.' });
    expect(await count('orders')).toBe(0);
  });

  it('charges the amounts of the database, never those of the browser', async () => {
    const secret = await setUpCard();
    const { status, body } = await pay({ ...orderForm(secret), amount: 1, productPrice: '0.01', products: [{ id: 'pr_main', amount: 1 }] });
    expect(status).toBe(200);
    const orderId = body.logs[0]?.id ?? '';
    expect(orderId).toMatch(/^or_/);
    expect(body.logs.map((l) => [l.id, l.orderType, l.amount])).toEqual([
      [orderId, 'oneTime', 6400],
      [orderId, 'subscription', 999],
    ]);
    expect(body.mmLogs[0]?.token).toMatch(/^[0-9a-f]{48}$/);
    expect(body.sessionId).toMatch(/^ss_/);

    const order = await env.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(orderId).first();
    expect(order).toMatchObject({ status: 'paid', amount: 7399, currency: 'USD', submission_type: 2, source: 'order_form', funnel_id: 'fn_a', step_id: 'st_sale', fingerprint: 'fp_buyer' });
    const items = await env.DB.prepare('SELECT product_id, amount, bump FROM order_items WHERE order_id = ? ORDER BY product_id').bind(orderId).all();
    expect(items.results).toEqual([
      { product_id: 'pr_bump', amount: 1500, bump: 1 },
      { product_id: 'pr_main', amount: 4900, bump: 0 },
      { product_id: 'pr_sub', amount: 999, bump: 0 },
    ]);

    const log = await stripeLog();
    const intents = await paymentIntentsFor(orderId);
    expect(intents).toHaveLength(1);
    expect(intents[0]?.params).toMatchObject({ amount: '6400', currency: 'usd', confirm: 'true', payment_method: 'pm_card_visa', off_session: 'true' });
    expect(intents[0]?.idempotencyKey).toBe(order?.idempotency_key);
    const customer = log.find((r) => r.path === '/v1/customers' && r.idempotencyKey === `${order?.idempotency_key}-customer`);
    expect(customer?.params).toMatchObject({ email: 'cy@example.com', name: 'Cy Buyer' });
    const subscription = log.find((r) => r.path === '/v1/subscriptions' && r.params['metadata[order_id]'] === orderId);
    expect(subscription?.params).toMatchObject({
      'items[0][price_data][unit_amount]': '999',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][recurring][interval]': 'month',
      default_payment_method: 'pm_card_visa',
    });
    const sale = await env.DB.prepare("SELECT * FROM funnel_events WHERE event_type = 'sale'").first();
    expect(sale).toMatchObject({ funnel_id: 'fn_a', step_id: 'st_sale', page_id: 'pg_sale', fingerprint: 'fp_buyer' });
  });

  it('charges a double click or a retry once: one order, one payment', async () => {
    const secret = await setUpCard();
    const submission = orderForm(secret, { productList: ['pr_main'] });
    const [a, b] = await Promise.all([pay(submission), pay(submission)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const retry = await pay({ ...submission, productList: ['pr_main', 'pr_main'] });
    const orderId = a.body.logs[0]?.id ?? '';
    expect(b.body.logs[0]?.id).toBe(orderId);
    expect(retry.body.logs[0]?.id).toBe(orderId);
    expect(retry.body.mmLogs).toEqual(a.body.mmLogs);
    expect([retry.body.sessionId, retry.body.sessionFingerprint]).toEqual([a.body.sessionId, a.body.sessionFingerprint]);
    expect(retry.body.sessionFingerprint).toMatch(/^[\w.:-]+$/);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE idempotency_key = (SELECT idempotency_key FROM orders WHERE id = ?)').bind(orderId).first('n')).toBe(1);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE order_id = ?').bind(orderId).first('n')).toBe(1);
    const created = (await paymentIntentsFor(orderId)).filter((r) => !r.replayed);
    expect(created).toHaveLength(1);
  });

  it('answers the card error and keeps the failed order for an honest retry', async () => {
    const secret = await setUpCard('pm_card_chargeDeclined');
    const submission = orderForm(secret, { paymentMethodId: 'pm_card_chargeDeclined', productList: ['pr_main'] });
    const first = await pay(submission);
    expect(first.status).toBe(402);
    expect(first.body.msg).toBe('Your card was declined.');
    const again = await pay(submission);
    expect(again.status).toBe(402);
    const failed = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE status = 'failed' AND payment_method IS NULL").first('n');
    expect(failed).toBe(1);
  });

  it('refuses a card that was not set up, or set up with another card, writing nothing', async () => {
    const before = await Promise.all(['orders', 'sessions'].map(count));
    const res = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
    const { client_secret } = (await res.json()) as { client_secret: string };
    const unconfirmed = await pay(orderForm(client_secret, { productList: ['pr_main'] }));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.msg).toBe('The card was not set up for this payment. Please enter your card again.');
    const secret = await setUpCard();
    const other = await pay(orderForm(secret, { paymentMethodId: 'pm_someone_else', productList: ['pr_main'] }));
    expect(other.status).toBe(400);
    const forged = await pay(orderForm('seti_forged1_secret_x', { productList: ['pr_main'] }));
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('The card was not set up for this payment. Please enter your card again.');
    expect(await Promise.all(['orders', 'sessions'].map(count))).toEqual(before);
  });

  it('enforces the order rules before anything is written or charged', async () => {
    const secret = await setUpCard();
    const tables = ['orders', 'order_items', 'payments', 'sessions'];
    const before = await Promise.all(tables.map(count));
    const stripeBefore = (await stripeLog()).length;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ productList: ['pr_bump'] }, 400, 'You must select at least one primary product for this transaction.'],
      [{ productList: ['pr_main', 'pr_eur'] }, 400, 'productList: all products of one order must share one currency.'],
      [{ productList: ['pr_main', 'pr_b'] }, 400],
      [{ productList: ['pr_missing'] }, 400],
      [{ productList: [] }, 400],
      [{ productList: ['../x'] }, 400],
      [{ productList: ["'; DROP TABLE orders; --"] }, 400],
      [{ productList: 'pr_main' }, 400],
      [{ funnelId: 'fn_b' }, 404],
      [{ funnelId: 'fn_missing' }, 404],
      [{ stepId: 'st_n1' }, 404],
      [{ pageId: 'pg_optin' }, 404],
      [{ locationId: 'loc_b' }, 404],
      [{ submissionType: 4 }, 400],
      [{ submissionType: '2' }, 400],
      [{ client_secret: 'sk_live_secret' }, 400],
      [{ paymentMethodId: undefined }, 400],
      [{ fingerprint: undefined }, 400],
      [{ eventData: 'x' }, 400],
    ];
    for (const [patch, status, msg] of cases) {
      const res = await pay(orderForm(secret, patch));
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(typeof res.body.msg).toBe('string');
      if (msg) expect(res.body.msg).toBe(msg);
    }
    for (const raw of ['', '{"fingerprint":', 'null', '[]', JSON.stringify({ ...orderForm(secret), padding: 'x'.repeat(300 * 1024) })]) {
      const res = await postWithStripe('/v2/funnel/product/pay', raw);
      expect([400, 413], raw.slice(0, 30)).toContain(res.status);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect((await stripeLog()).length).toBe(stripeBefore);
  });
});

describe('POST /v2/funnel/product/pay (payment button)', () => {
  const button = (patch: Record<string, unknown> = {}) => ({
    fingerprint: 'fp_buyer',
    productList: ['pr_up'],
    locationId: 'loc_a',
    funnelId: 'fn_a',
    stepId: 'st_up',
    pageId: 'pg_up',
    source: 'payment_button',
    submissionType: 3,
    ...patch,
  });

  it("charges the card the visitor's order saved, in one click, once", async () => {
    const { status, body } = await pay(button({ amount: 0 }));
    expect(status).toBe(200);
    const orderId = body.logs[0]?.id ?? '';
    expect(body.logs).toEqual([expect.objectContaining({ id: orderId, orderType: 'oneTime', amount: 2900 })]);
    const saved = await env.DB.prepare("SELECT provider_customer, payment_method FROM orders WHERE fingerprint = 'fp_buyer' AND status = 'paid' AND submission_type = 2 ORDER BY created_at DESC, rowid DESC LIMIT 1").first();
    const [intent] = await paymentIntentsFor(orderId);
    expect(intent?.params).toMatchObject({ amount: '2900', customer: String(saved?.provider_customer), payment_method: String(saved?.payment_method), off_session: 'true' });
    const again = await pay(button());
    expect(again.body.logs[0]?.id).toBe(orderId);
    expect((await paymentIntentsFor(orderId)).filter((r) => !r.replayed)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM funnel_events WHERE event_type = 'upsell'").first('n')).toBe(1);
  });

  it('refuses a visitor without a saved card, and more than one product', async () => {
    const before = await count('orders');
    const none = await pay(button({ fingerprint: 'fp_stranger' }));
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('No saved card was found for this one-click purchase. Please buy through the order form first.');
    const two = await pay(button({ productList: ['pr_up', 'pr_main'] }));
    expect(two.status).toBe(400);
    expect(await count('orders')).toBe(before);
  });
});
