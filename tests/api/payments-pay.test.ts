import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONE_CLICK_WINDOW_MS } from '../../src/platform/payments/one-click-proof';
import { confirmCard, count, failStripe, HOST, post, postWithStripe, seedFunnelFixtures, stripeLog } from '../support/funnel-fixtures';
import { at } from './forms-fixtures';

/** A visitor opts in on the first step of the order form: the contact of their orders. */
async function optIn(name: string, email: string, fingerprint: string): Promise<void> {
  const res = await post('/contact', {
    location_id: 'loc_a',
    name,
    email,
    fingerprint,
    funnel_id: 'fn_a',
    funneEventData: { funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin', domain_name: HOST, page_url: '/' },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  await seedFunnelFixtures();
  await optIn('Cy Buyer', 'cy@example.com', 'fp_buyer');
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

const pay = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await postWithStripe('/v2/funnel/product/pay', body, headers);
  return { status: res.status, body: (await res.json()) as PayAnswer, cookie: res.headers.get('set-cookie') };
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
    expect(order).toMatchObject({
      status: 'paid',
      amount: 7399,
      currency: 'USD',
      submission_type: 2,
      source: 'order_form',
      funnel_id: 'fn_a',
      step_id: 'st_sale',
      fingerprint: 'fp_buyer',
    });
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
    const customer = log.find((r) => r.path === '/v1/customers' && r.idempotencyKey === `customer-loc_a-${order?.contact_id}`);
    expect(customer?.params).toMatchObject({ email: 'cy@example.com', name: 'Cy Buyer' });
    expect(intents[0]?.params.customer).toBe(
      await env.DB.prepare('SELECT customer_id FROM payment_customers WHERE contact_id = ?').bind(order?.contact_id).first('customer_id'),
    );
    const subscription = log.find((r) => r.path === '/v1/subscriptions' && r.params['metadata[order_id]'] === orderId);
    expect(subscription?.params).toMatchObject({
      'items[0][price_data][unit_amount]': '999',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][recurring][interval]': 'month',
      default_payment_method: 'pm_card_visa',
    });
    const sale = await env.DB.prepare("SELECT * FROM funnel_events WHERE event_type = 'sale'").first();
    expect(sale).toMatchObject({ funnel_id: 'fn_a', step_id: 'st_sale', page_id: 'pg_sale', fingerprint: 'fp_buyer', source: 'server' });
  });

  it('charges a double click or a retry once: one order, one payment', async () => {
    const secret = await setUpCard();
    const submission = orderForm(secret, { productList: ['pr_main'], eventData: { attempt: 'double' } });
    const [a, b] = await Promise.all([pay(submission), pay(submission)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const retry = await pay({ ...submission, productList: ['pr_main', 'pr_main'] });
    const orderId = a.body.logs[0]?.id ?? '';
    expect(b.body.logs[0]?.id).toBe(orderId);
    expect(retry.body.logs[0]?.id).toBe(orderId);
    expect(retry.body.mmLogs).toEqual(a.body.mmLogs);
    expect([retry.body.sessionId, retry.body.sessionFingerprint]).toEqual([a.body.sessionId, a.body.sessionFingerprint]);
    expect(retry.body.sessionFingerprint).toMatch(/^[\w.:-]+$/);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE idempotency_key = (SELECT idempotency_key FROM orders WHERE id = ?)')
        .bind(orderId)
        .first('n'),
    ).toBe(1);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE order_id = ?').bind(orderId).first('n')).toBe(1);
    const created = (await paymentIntentsFor(orderId)).filter((r) => !r.replayed);
    expect(created).toHaveLength(1);
    const sales = await env.DB.prepare(
      "SELECT count(*) AS n FROM funnel_events WHERE event_type = 'sale' AND json_extract(data, '$.attempt') = 'double'",
    ).first('n');
    expect(sales).toBe(1);
  });

  it('answers the card error and gives the retry a new attempt with a new idempotency key', async () => {
    const secret = await setUpCard('pm_card_chargeDeclined');
    const submission = orderForm(secret, { paymentMethodId: 'pm_card_chargeDeclined', productList: ['pr_main'] });
    const first = await pay(submission);
    expect(first.status).toBe(402);
    expect(first.body.msg).toBe('Your card was declined.');
    const again = await pay(submission);
    expect(again.status).toBe(402);
    const failed = await env.DB.prepare("SELECT idempotency_key, attempt FROM orders WHERE status = 'failed' AND payment_method IS NULL ORDER BY attempt").all<{
      idempotency_key: string;
      attempt: number;
    }>();
    expect(failed.results.map((r) => r.attempt)).toEqual([1, 2]);
    const keys = (await stripeLog())
      .filter((r) => r.path === '/v1/payment_intents' && r.params.payment_method === 'pm_card_chargeDeclined')
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual(failed.results.map((r) => r.idempotency_key));
    expect(
      (await stripeLog()).filter((r) => r.path === '/v1/payment_intents' && r.params.payment_method === 'pm_card_chargeDeclined' && r.replayed),
    ).toHaveLength(0);
  });

  it('retries after a Stripe 5xx with a new key, and survives a dropped connection on the same key', async () => {
    const secret = await setUpCard();
    const submission = orderForm(secret, { productList: ['pr_main'], eventData: { attempt: '5xx' } });
    await failStripe('/v1/payment_intents', { status: 500 });
    const failed = await pay(submission);
    expect(failed.status).toBe(502);
    expect(failed.body.msg).toBe('The payment provider could not be reached. Please try again in a moment.');
    const retried = await pay(submission);
    expect(retried.status).toBe(200);
    const orders = await env.DB.prepare(
      'SELECT status, idempotency_key FROM orders WHERE attempt_of = (SELECT attempt_of FROM orders WHERE id = ?) ORDER BY attempt',
    )
      .bind(retried.body.logs[0]?.id)
      .all<{ status: string; idempotency_key: string }>();
    expect(orders.results.map((o) => o.status)).toEqual(['failed', 'paid']);
    expect(orders.results[0]?.idempotency_key).not.toBe(orders.results[1]?.idempotency_key);

    // A connection dropped mid-call: the SDK retries with the same key, and the order is charged once.
    const other = await setUpCard();
    await failStripe('/v1/payment_intents', { drop: true });
    const dropped = await pay(orderForm(other, { productList: ['pr_main'] }));
    expect(dropped.status).toBe(200);
    const calls = await paymentIntentsFor(dropped.body.logs[0]?.id ?? '');
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
  });

  it('keeps a charged order it could not record processing, says so, and completes it on retry without a second charge', async () => {
    // A real database failure at the worst moment: after Stripe charged, before the order is marked paid.
    await env.DB.prepare(
      "CREATE TRIGGER fail_paid BEFORE UPDATE OF status ON orders WHEN NEW.status = 'paid' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    ).run();
    const submission = orderForm(await setUpCard(), { productList: ['pr_main'], eventData: { attempt: 'unrecorded' } });
    const first = await pay(submission);
    await env.DB.prepare('DROP TRIGGER fail_paid').run();
    expect(first.status).toBe(503);
    expect(first.body.msg).toBe(
      'Your payment was received, but your order could not be confirmed yet. Please do not pay again: try once more in a moment, and the same payment will complete your order.',
    );
    const stuck = await env.DB.prepare('SELECT id, status FROM orders ORDER BY created_at DESC, rowid DESC LIMIT 1').first<{ id: string; status: string }>();
    expect(stuck?.status).toBe('processing');
    const retry = await pay(submission);
    expect(retry.status).toBe(200);
    expect(retry.body.logs[0]?.id).toBe(stuck?.id);
    expect((await paymentIntentsFor(stuck?.id ?? '')).filter((r) => !r.replayed)).toHaveLength(1);
  });

  it('refuses a product that is not offered on the funnel step it is sold on', async () => {
    const secret = await setUpCard();
    const before = await count('orders');
    for (const productList of [['pr_up'], ['pr_main', 'pr_up'], ['pr_jpy']]) {
      const res = await pay(orderForm(secret, { productList }));
      expect(res.status, productList.join()).toBe(400);
      expect(res.body.msg).toBe('productList: one or more products are not offered on this funnel step.');
    }
    expect(await count('orders')).toBe(before);
  });

  it('keeps one Stripe customer per contact across orders', async () => {
    const ids = [];
    for (const attempt of ['c1', 'c2']) {
      const { body } = await pay(orderForm(await setUpCard(), { productList: ['pr_main'], eventData: { attempt } }));
      ids.push(body.logs[0]?.id);
    }
    const customers = await env.DB.prepare(`SELECT DISTINCT provider_customer FROM orders WHERE id IN (?, ?)`)
      .bind(...ids)
      .all();
    expect(customers.results).toHaveLength(1);
    expect((await stripeLog()).filter((r) => r.path === '/v1/customers' && !r.replayed)).toHaveLength(1);
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
    const notOffered = 'productList: one or more products are not offered on this funnel step.';
    const unsafeId = 'productList.0: must be 1-64 letters, digits, _ or -';
    const submissionType = 'submissionType: must be 2 (order form) or 3 (payment button)';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ productList: ['pr_bump'] }, 400, 'You must select at least one primary product for this transaction.'],
      [{ productList: ['pr_main', 'pr_eur'] }, 400, 'productList: all products of one order must share one currency.'],
      [{ productList: ['pr_main', 'pr_b'] }, 400, notOffered],
      [{ productList: ['pr_missing'] }, 400, notOffered],
      [{ productList: [] }, 400, 'productList: must name at least one product'],
      [{ productList: ['../x'] }, 400, unsafeId],
      [{ productList: ["'; DROP TABLE orders; --"] }, 400, unsafeId],
      [{ productList: 'pr_main' }, 400, 'productList: Invalid type: Expected Array but received "pr_main"'],
      [{ funnelId: 'fn_b' }, 404, 'Funnel not found'],
      [{ funnelId: 'fn_missing' }, 404, 'Funnel not found'],
      [{ stepId: 'st_n1' }, 404, 'Funnel step not found'],
      [{ pageId: 'pg_optin' }, 404, 'Page not found'],
      [{ locationId: 'loc_b' }, 404, 'Funnel not found'],
      [{ submissionType: 4 }, 400, submissionType],
      [{ submissionType: '2' }, 400, submissionType],
      [{ client_secret: 'sk_live_secret' }, 400, 'client_secret: must be a card setup client secret'],
      [{ paymentMethodId: undefined }, 400, 'paymentMethodId: Invalid key: Expected "paymentMethodId" but received undefined'],
      [{ fingerprint: undefined }, 400, 'fingerprint: Invalid key: Expected "fingerprint" but received undefined'],
      [{ eventData: 'x' }, 400, 'eventData: Invalid type: Expected Object but received "x"'],
    ];
    for (const [patch, status, msg] of cases) {
      const res = await pay(orderForm(secret, patch));
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(res.body.msg, JSON.stringify(patch)).toBe(msg);
    }
    const raws: [string, number, string][] = [
      ['', 400, submissionType],
      ['{"fingerprint":', 400, 'Request body is not valid JSON'],
      ['null', 400, submissionType],
      ['[]', 400, submissionType],
      [JSON.stringify({ ...orderForm(secret), padding: 'x'.repeat(300 * 1024) }), 413, 'Request body is larger than 262144 bytes'],
    ];
    for (const [raw, status, msg] of raws) {
      const res = await postWithStripe('/v2/funnel/product/pay', raw);
      expect(res.status, raw.slice(0, 30)).toBe(status);
      expect(((await res.json()) as { msg: unknown }).msg, raw.slice(0, 30)).toBe(msg);
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

  /** The proof cookie the paid order's answer set, as the browser sends it back. */
  const proofOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

  it('charges the card of the order paid in this visit, in one click, once, with the proof cookie', async () => {
    const sale = await pay(orderForm(await setUpCard(), { productList: ['pr_main'], eventData: { attempt: 'before-upsell' } }));
    const buyer = await env.DB.prepare("SELECT id FROM contacts WHERE fingerprint = 'fp_buyer'").first<{ id: string }>();
    expect(sale.cookie).toMatch(
      new RegExp(
        `^ef_oneclick_fn_a=${sale.body.logs[0]?.id}\\.${buyer?.id}\\.\\d+\\.[\\w%]{44,60}; Max-Age=1800; Path=/api/v2/funnel/product; HttpOnly; SameSite=Lax$`,
      ),
    );
    const cookie = proofOf(sale.cookie);
    const { status, body } = await pay(button({ amount: 0 }), { cookie });
    expect(status).toBe(200);
    const orderId = body.logs[0]?.id ?? '';
    expect(body.logs).toEqual([expect.objectContaining({ id: orderId, orderType: 'oneTime', amount: 2900 })]);
    const saved = await env.DB.prepare('SELECT provider_customer, payment_method FROM orders WHERE id = ?').bind(sale.body.logs[0]?.id).first();
    const [intent] = await paymentIntentsFor(orderId);
    expect(intent?.params).toMatchObject({
      amount: '2900',
      customer: String(saved?.provider_customer),
      payment_method: String(saved?.payment_method),
      off_session: 'true',
    });
    const again = await pay(button(), { cookie });
    expect(again.body.logs[0]?.id).toBe(orderId);
    expect((await paymentIntentsFor(orderId)).filter((r) => !r.replayed)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM funnel_events WHERE event_type = 'upsell'").first('n')).toBe(1);
  });

  it('refuses an upsell without a paid order in this session: no cookie, a forged or foreign one, a fingerprint alone', async () => {
    const sale = await pay(orderForm(await setUpCard(), { productList: ['pr_main'], eventData: { attempt: 'proof' } }));
    const [name, value] = proofOf(sale.cookie).split('=');
    const [orderId, contactId, paidAt, mac] = (value ?? '').split('.');
    const before = await count('orders');
    const stripeBefore = (await stripeLog()).length;
    for (const cookie of [
      '',
      `${name}=${orderId}.${contactId}.${Number(paidAt) + 1}.${mac}`,
      `${name}=or_other.${contactId}.${paidAt}.${mac}`,
      `${name}=${orderId}.ct_other.${paidAt}.${mac}`,
      `ef_oneclick_fn_n=${value}`,
      `${name}=${orderId}.${contactId}.${Date.now() - 31 * 60_000}.${mac}`,
    ]) {
      const res = await pay(button(), { cookie });
      expect(res.status, cookie).toBe(403);
      expect(res.body.msg).toBe(
        'One-click purchase is only possible within 30 minutes of an order paid by card in this funnel. Please buy through the order form.',
      );
    }
    // The real proof, a moment after its 30 minutes.
    const late = await pay(button(), { cookie: proofOf(sale.cookie), ...at(Number(paidAt) + ONE_CLICK_WINDOW_MS + 1) });
    expect(late.status).toBe(403);
    const two = await pay(button({ productList: ['pr_up', 'pr_main'] }), { cookie: proofOf(sale.cookie) });
    expect(two.status).toBe(400);
    const otherStep = await pay(button({ productList: ['pr_main'] }), { cookie: proofOf(sale.cookie) });
    expect(otherStep.status).toBe(400);
    expect(await count('orders')).toBe(before);
    expect((await stripeLog()).length).toBe(stripeBefore);
  });

  it('counts the 30 minutes from the first purchase: an upsell does not extend them', async () => {
    await optIn('Dee Buyer', 'dee@example.com', 'fp_dee');
    const paidAt = Date.now();
    const sale = await pay(orderForm(await setUpCard(), { fingerprint: 'fp_dee', productList: ['pr_main'], eventData: { attempt: 'window' } }), at(paidAt));
    expect(sale.status).toBe(200);
    const upsell = await pay(button({ fingerprint: 'fp_dee' }), { cookie: proofOf(sale.cookie), ...at(paidAt + 20 * 60_000) });
    expect(upsell.status).toBe(200);
    // The upsell's answer carries the same proof, for the 10 minutes left.
    expect(upsell.cookie).toContain('; Max-Age=600;');
    const late = await pay(button({ fingerprint: 'fp_dee' }), { cookie: proofOf(upsell.cookie), ...at(paidAt + 31 * 60_000) });
    expect(late.status).toBe(403);
    expect(late.body.msg).toBe(
      'One-click purchase is only possible within 30 minutes of an order paid by card in this funnel. Please buy through the order form.',
    );
  });

  it("refuses an upsell charged with another buyer's proof, or for a visitor who is no contact", async () => {
    await optIn('Eve Other', 'eve@example.com', 'fp_eve');
    const sale = await pay(orderForm(await setUpCard(), { productList: ['pr_main'], eventData: { attempt: 'buyer' } }));
    const cookie = proofOf(sale.cookie);
    const before = await count('orders');
    const stripeBefore = (await stripeLog()).length;
    for (const fingerprint of ['fp_eve', 'fp_nobody']) {
      const res = await pay(button({ fingerprint }), { cookie });
      expect(res.status, fingerprint).toBe(403);
      expect(res.body.msg).toBe(
        'One-click purchase is only possible within 30 minutes of an order paid by card in this funnel. Please buy through the order form.',
      );
    }
    expect(await count('orders')).toBe(before);
    expect((await stripeLog()).length).toBe(stripeBefore);
    // The buyer's own upsell goes through with it.
    expect((await pay(button(), { cookie })).status).toBe(200);
  });
});
