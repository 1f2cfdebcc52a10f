import { describe, expect, it } from 'vitest';
import { type CallAnswer, callApi, refusalText } from '../../src/client/api';
import { saleTarget } from '../../src/lib/checkout/sale-target';
import { contactPayload } from '../../src/widgets/order-form/opt-in';
import { priceLabel, totalLabel } from '../../src/widgets/order-form/pricing';
import { type PayRequest, paymentsRoutes } from '../../src/schemas/calls/payments-routes';

const intervals = { day: 'per day', week: 'per week', month: 'per month', year: 'per year' };

describe('order form prices', () => {
  it('shows minor units with the symbol, decimals 0 to 3, CHF to 0.05, and the interval of recurring prices', () => {
    const one = (amount: number, currency: string) => priceLabel({ amount, currency, paymentType: 'one_time', interval: null }, 'en-US', intervals);
    expect(one(49700, 'usd')).toBe('$497.00');
    expect(one(4800, 'JPY')).toBe('¥4,800');
    expect(one(1234, 'kwd').replace(/\s/g, ' ')).toBe('KWD 1.234');
    expect(one(18993, 'chf').replace(/\s/g, ' ')).toBe('CHF 189.95');
    expect(priceLabel({ amount: 9700, currency: 'usd', paymentType: 'recurring', interval: 'month' }, 'en-US', intervals)).toBe('$97.00 per month');
    expect(
      totalLabel(
        [
          { amount: 8900, currency: 'eur' },
          { amount: 1950, currency: 'eur' },
        ],
        'de',
      ).replace(/\s/g, ' '),
    ).toBe('108,50 €');
    expect(totalLabel([], 'en')).toBe('');
  });
});

describe('after a sale', () => {
  it('goes to the next step with the query carried, only to a site path or http(s) URL', () => {
    expect(saleTarget('go-to-next-funnel-step', '/inner-circle', '?utm_source=mail')).toBe('/inner-circle?utm_source=mail');
    expect(saleTarget('', 'https://shop.example.com/next', '')).toBe('https://shop.example.com/next');
    expect(saleTarget('go-to-next-funnel-step', '', '')).toBeNull();
    expect(saleTarget('go-to-next-funnel-step', 'javascript:alert(1)', '')).toBeNull();
    expect(saleTarget('go-to-next-funnel-step', '//evil.example', '')).toBeNull();
    expect(saleTarget('none', '/inner-circle', '')).toBeNull();
    expect(saleTarget('go-to-funnel-step', '/welcome', '?a=1')).toBe('/welcome?a=1');
    expect(saleTarget('url', 'https://example.com/thanks', '?a=1')).toBe('https://example.com/thanks');
    expect(saleTarget('openPopup', '', '')).toBeNull();
  });

  it("shows the server's msg when it sent one, else the fallback", async () => {
    // The network boundary: what the API answers, or a connection that fails.
    const answering =
      (status: number, body: unknown): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const text = (answer: CallAnswer<unknown>) => (answer.kind === 'ok' ? 'paid' : refusalText(answer, 'fallback'));
    const request: PayRequest = {
      fingerprint: 'fp_1',
      productList: ['prod_1'],
      locationId: 'loc_1',
      funnelId: 'fn_1',
      stepId: 'st_1',
      source: 'payment_button',
      submissionType: 3,
    };
    expect(text(await callApi(paymentsRoutes.pay, { json: request, fetcher: answering(402, { msg: 'Your card was declined.' }) }))).toBe(
      'Your card was declined.',
    );
    expect(text(await callApi(paymentsRoutes.pay, { json: request, fetcher: answering(500, {}) }))).toBe('fallback');
    expect(text(await callApi(paymentsRoutes.pay, { json: request, fetcher: offline }))).toBe('fallback');
  });

  it("asks for the step's products at the product list call's path", async () => {
    const asked: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    };
    await callApi(paymentsRoutes.productList, { query: { funnel_id: 'fn_1', step_id: 'st 2' }, fetcher });
    await callApi(paymentsRoutes.productList, { query: { funnel_id: 'fn_1', step_id: undefined }, fetcher });
    expect(asked).toEqual(['/api/stripe/funnel/product/list?funnel_id=fn_1&step_id=st+2', '/api/stripe/funnel/product/list?funnel_id=fn_1']);
  });
});

describe('the opt-in payload', () => {
  const input = {
    values: { full_name: ' Ada ', email: 'ADA@Example.COM', phone: '+1 617 555 0142', company_name: 'Acme' },
    locationId: 'loc_demo',
    funnelId: 'fn_demo',
    pageId: 'pg_sales',
    funnelName: 'Client Accelerator launch',
    fingerprint: 'fp-1',
    stickyContact: true,
    forceCreate: false,
    validateEmail: true,
    eventData: { page_url: 'x' },
    funneEventData: {
      event_type: 'optin',
      funnel_id: 'fn_demo',
      page_id: 'pg_sales',
      funnel_step_id: 'st_sales',
      domain_name: 'localhost',
      page_url: '/accelerator',
    },
  };

  it('carries every field of the seed, the email lower-cased, the fingerprint only with sticky contact', () => {
    expect(contactPayload(input)).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      companyName: 'Acme',
      lead: true,
      source: 'Client Accelerator launch',
      fingerprint: 'fp-1',
      location_id: 'loc_demo',
      funnel_id: 'fn_demo',
      page_id: 'pg_sales',
      forceCreate: false,
      session_d: 1,
      sessionFingerprint: 'fp-1',
      funneEventData: { event_type: 'optin', fingerprint: 'fp-1', funnel_step_id: 'st_sales' },
    });
    const anonymous = contactPayload({ ...input, stickyContact: false, validateEmail: false, funnelName: '' });
    expect(anonymous.fingerprint).toBeUndefined();
    expect(anonymous.session_d).toBe(0);
    expect(anonymous.source).toBe('funnel');
  });
});
