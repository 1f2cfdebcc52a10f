import { describe, expect, it } from 'vitest';
import { payFailureText } from '../../src/lib/checkout/calls';
import { saleTarget } from '../../src/lib/checkout/sale-target';
import { contactPayload } from '../../src/widgets/order-form/opt-in';
import { priceLabel, totalLabel } from '../../src/widgets/order-form/pricing';

const intervals = { day: 'per day', week: 'per week', month: 'per month', year: 'per year' };

describe('order form prices', () => {
  it('shows minor units with the symbol, decimals 0 to 3, CHF to 0.05, and the interval of recurring prices', () => {
    const one = (amount: number, currency: string) => priceLabel({ amount, currency, paymentType: 'one_time', interval: null }, 'en-US', intervals);
    expect(one(49700, 'usd')).toBe('$497.00');
    expect(one(4800, 'JPY')).toBe('¥4,800');
    expect(one(1234, 'kwd').replace(/\s/g, ' ')).toBe('KWD 1.234');
    expect(one(18993, 'chf').replace(/\s/g, ' ')).toBe('CHF 189.95');
    expect(priceLabel({ amount: 9700, currency: 'usd', paymentType: 'recurring', interval: 'month' }, 'en-US', intervals)).toBe('$97.00 per month');
    expect(totalLabel([{ amount: 8900, currency: 'eur' }, { amount: 1950, currency: 'eur' }], 'de').replace(/\s/g, ' ')).toBe('108,50 €');
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
  });

  it("shows the server's msg when it sent one, else the fallback", () => {
    expect(payFailureText({ kind: 'refused', status: 402, msg: 'Your card was declined.' }, 'fallback')).toBe('Your card was declined.');
    expect(payFailureText({ kind: 'refused', status: 500, msg: '' }, 'fallback')).toBe('fallback');
    expect(payFailureText({ kind: 'offline', error: new TypeError('Failed to fetch') }, 'fallback')).toBe('fallback');
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
    funneEventData: { event_type: 'optin', funnel_id: 'fn_demo', page_id: 'pg_sales', funnel_step_id: 'st_sales', domain_name: 'localhost', page_url: '/accelerator' },
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
