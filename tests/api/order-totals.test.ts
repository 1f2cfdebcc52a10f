/**
 * GET /admin/v1/orders/totals (issue 29): the Orders screen's totals per currency cover every
 * order of the filter, not the page the list shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import { type Loose, seedContact, seedFunnel, seedLocation, seedOrder } from './results-fixtures';

const T = Date.UTC(2026, 2, 1, 9);
const MIN = 60_000;

async function call(path: string): Promise<{ status: number; body: Loose }> {
  const res = await admin('GET', path);
  return { status: res.status, body: (await res.json()) as Loose };
}

beforeAll(async () => {
  await seedLocation('loc_a');
  await seedLocation('loc_b');
  await seedFunnel('fn_a', 'loc_a', ['st_1']);
  await seedFunnel('fn_b', 'loc_b', ['st_9']);
  await seedContact('ct_ann', 'loc_a', T, { name: 'Ann Lee', email: 'ann@example.com' });
  // 120 paid USD orders of $49.00 in funnel a: more than the largest page the list answers.
  for (let i = 0; i < 120; i++) {
    await seedOrder(`or_a${String(i).padStart(3, '0')}`, {
      locationId: 'loc_a',
      funnelId: 'fn_a',
      stepId: 'st_1',
      contactId: i === 0 ? 'ct_ann' : undefined,
      status: 'paid',
      at: T + i * MIN,
      items: [{ productId: 'pr_1', name: 'Course', amount: 4900 }],
    });
  }
  const others: [string, string, string, string, number, { productId: string; name: string; amount: number }][] = [
    ['or_pending', 'fn_a', 'pending', 'usd', 500, { productId: 'pr_1', name: 'Course', amount: 4900 }],
    ['or_eur', 'fn_b', 'paid', 'eur', 600, { productId: 'pr_2', name: 'Kurs', amount: 1250 }],
    ['or_jpy', 'fn_b', 'failed', 'jpy', 700, { productId: 'pr_3', name: 'Book', amount: 2000 }],
  ];
  for (const [id, funnelId, status, currency, minute, item] of others) {
    await seedOrder(id, { locationId: funnelId === 'fn_a' ? 'loc_a' : 'loc_b', funnelId, status, currency, at: T + minute * MIN, items: [item] });
  }
});

describe('GET /admin/v1/orders/totals', () => {
  it('sums every order of the filter per currency and status, beyond one page of the list', async () => {
    const page = await call('/orders?limit=50');
    expect(page.body.items).toHaveLength(50);
    const { status, body } = await call('/orders/totals');
    expect(status).toBe(200);
    expect(body.totals).toEqual([
      { currency: 'EUR', status: 'paid', orders: 1, amount: 1250, amountFormatted: '€12.50' },
      { currency: 'JPY', status: 'failed', orders: 1, amount: 2000, amountFormatted: '¥2,000' },
      { currency: 'USD', status: 'paid', orders: 120, amount: 588_000, amountFormatted: '$5,880.00' },
      { currency: 'USD', status: 'pending', orders: 1, amount: 4900, amountFormatted: '$49.00' },
    ]);
  });

  it('takes the list filters: funnel, status, location, dates and the text search', async () => {
    const totals = async (query: string) =>
      (await call(`/orders/totals?${query}`)).body.totals.map((t: Loose) => `${t.currency}:${t.status}:${t.orders}:${t.amount}`);
    expect(await totals('funnel_id=fn_a&status=paid')).toEqual(['USD:paid:120:588000']);
    expect(await totals('location_id=loc_b')).toEqual(['EUR:paid:1:1250', 'JPY:failed:1:2000']);
    expect(await totals(`from=${T + 100 * MIN}&to=${T + 550 * MIN}`)).toEqual(['USD:paid:20:98000', 'USD:pending:1:4900']);
    expect(await totals('q=ann@example')).toEqual(['USD:paid:1:4900']);
    expect(await totals('status=processing')).toEqual([]);
  });

  it.each([
    ['/orders/totals?status=refunded', 400, 'status must be one of pending, processing, paid, failed'],
    ['/orders/totals?calendar_id=cal_1', 400, 'calendar_id does not filter orders'],
    ['/orders/totals?limit=5', 400, 'limit: is not a parameter of this call'],
    ['/orders/totals?from=soon', 400, 'from must be an ISO 8601 date or epoch milliseconds'],
    ['/orders/totals?funnel_id=fn_none', 404, 'Funnel fn_none not found'],
  ])('%s → %i %s', async (path, status, msg) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    expect(res.body.msg).toBe(msg);
  });

  it('refuses a call without the admin token', async () => {
    expect((await admin('GET', '/orders/totals', undefined, {})).status).toBe(401);
  });
});
