/**
 * GET /admin/v1/stats/funnels/{id} (issue 28) on a funnel with known numbers
 * (./stats-fixtures.ts): every field of the answer, the split test's numbers and its
 * sample-ratio flag, page speed, and bad input.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { posterior, probabilityBeats } from '../../src/lib/experiments/stats';
import type { FunnelStats } from '../../src/schemas/stats';
import { admin, TOKEN } from './admin-support';
import { ny, seedStatsFunnel } from './stats-fixtures';

const stats = (query: string, now = ny(12, 20)) =>
  admin('GET', `/stats/funnels/fn_s${query}`, undefined, { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(now) });

async function read(query = '?from=2026-11-10&to=2026-11-12'): Promise<FunnelStats> {
  const res = await stats(query);
  expect(res.status).toBe(200);
  return res.json();
}

const usd = (amount: number, formatted: string) => ({ currency: 'USD', amount, formatted });
const eur = (amount: number, formatted: string) => ({ currency: 'EUR', amount, formatted });

beforeAll(seedStatsFunnel);

describe('a funnel’s statistics', () => {
  it('answers the totals and each day in the funnel’s zone', async () => {
    const body = await read();
    expect(body).toMatchObject({ funnelId: 'fn_s', from: '2026-11-10', to: '2026-11-12', timeZone: 'America/New_York' });
    expect(body.totals).toEqual({ views: 9, visitors: 4, optins: 3, bookings: 1, orders: 3, revenue: [eur(1500, '€15.00'), usd(7800, '$78.00')] });
    expect(body.days).toEqual([
      { day: '2026-11-10', views: 7, visitors: 3, optins: 2, bookings: 1, orders: 2, revenue: [usd(7800, '$78.00')] },
      { day: '2026-11-11', views: 2, visitors: 1, optins: 1, bookings: 0, orders: 1, revenue: [eur(1500, '€15.00')] },
      { day: '2026-11-12', views: 0, visitors: 0, optins: 0, bookings: 0, orders: 0, revenue: [] },
    ]);
  });

  it('answers every step: views, visitors, conversions, rates, money, and the drop-off on the paths taken', async () => {
    const [s1, s2, s3] = (await read()).steps;
    expect(s1).toEqual({
      stepId: 's1',
      name: 'Opt-in',
      pageId: 'p1',
      url: '/v2/preview/p1',
      views: 5,
      visitors: 4,
      optins: 3,
      optinRate: 0.75,
      bookings: 0,
      orders: 0,
      salesRate: 0,
      revenue: [],
      bumpTakeRate: null,
      averageCart: [],
      earningsPerView: [],
      // A and B went on to the sales page; C left; D skipped it for the upsell.
      dropOff: { nextStepId: 's2', continued: 2, rate: 0.5 },
    });
    expect(s2).toEqual({
      stepId: 's2',
      name: 'Sales',
      pageId: 'p2',
      url: '/v2/preview/p2',
      views: 2,
      visitors: 2,
      optins: 0,
      optinRate: 0,
      bookings: 1,
      orders: 2,
      salesRate: 1,
      revenue: [usd(7800, '$78.00')],
      bumpTakeRate: 0.5,
      averageCart: [usd(3900, '$39.00')],
      earningsPerView: [usd(3900, '$39.00')],
      dropOff: { nextStepId: 's3', continued: 1, rate: 0.5 },
    });
    expect(s3).toMatchObject({
      stepId: 's3',
      views: 2,
      visitors: 2,
      orders: 1,
      salesRate: 0.5,
      revenue: [eur(1500, '€15.00')],
      bumpTakeRate: 0,
      averageCart: [eur(1500, '€15.00')],
      earningsPerView: [eur(750, '€7.50')],
      dropOff: null,
    });
  });

  it('answers the split test per variant: rate, uplift, probability to beat the control, and a quiet SRM check', async () => {
    const [experiment] = (await read()).experiments;
    expect(experiment).toMatchObject({ id: 'exp_1', stepId: 's1', status: 'running', winner: null });
    expect(experiment?.startedAt).toEqual(expect.any(Number));
    expect(experiment?.variants).toEqual([
      {
        id: 'control',
        pageId: 'p1',
        weight: 50,
        isControl: true,
        views: 2,
        visitors: 2,
        conversions: 1,
        conversionRate: 0.5,
        uplift: null,
        probabilityToBeatControl: null,
      },
      {
        id: 'b',
        pageId: 'p1b',
        weight: 50,
        isControl: false,
        views: 3,
        visitors: 2,
        conversions: 2,
        conversionRate: 1,
        uplift: 1,
        probabilityToBeatControl: probabilityBeats(posterior(1, 2), posterior(2, 2)),
      },
    ]);
    expect(experiment?.variants[1]?.probabilityToBeatControl).toBeCloseTo(0.8, 5);
    expect(experiment?.srm).toEqual({ chiSquare: 0, p: 1, flagged: false });
  });

  it('flags a split far from its weights (p < 0.001), and not a split close to them', async () => {
    const rollup = (variant: string, visitors: number) =>
      env.DB.prepare(
        "INSERT INTO view_rollups (funnel_id, day, step_id, page_id, experiment_id, variant_id, views, visitors) VALUES ('fn_s', '2026-11-12', 's1', ?, 'exp_1', ?, ?, ?)",
      ).bind(variant === 'b' ? 'p1b' : 'p1', variant, visitors, visitors);
    await env.DB.batch([rollup('control', 1000), rollup('b', 800)]);
    const srm = (await read()).experiments[0]?.srm;
    // 1002 against 802 of 1804 at 50/50: chi-square 22.2.
    expect(srm?.flagged).toBe(true);
    expect(srm?.chiSquare).toBeCloseTo((100 ** 2 / 902) * 2, 6);
    expect(srm?.p).toBeLessThan(0.001);
    const within = (await read('?from=2026-11-10&to=2026-11-11')).experiments[0]?.srm;
    expect(within?.flagged).toBe(false);
    await env.DB.prepare("DELETE FROM view_rollups WHERE day = '2026-11-12'").run();
  });

  it('answers the 75th percentile of real visitors’ page speed per page and variant, within the range', async () => {
    expect((await read()).vitals).toEqual([{ pageId: 'p1', variantId: 'control', samples: 5, lcp: 400, inp: null, cls: 0.05, ttfb: null }]);
  });

  it('counts nothing outside the range, and defaults to the last 30 days up to today in the funnel’s zone', async () => {
    const later = await read('?from=2026-11-12&to=2026-11-12');
    expect(later.totals).toEqual({ views: 0, visitors: 0, optins: 0, bookings: 0, orders: 0, revenue: [] });
    // 01:00 on the 13th in UTC is still the 12th in New York.
    const res = await stats('', Date.UTC(2026, 10, 13, 1));
    const body = (await res.json()) as FunnelStats;
    expect([body.from, body.to, body.days.length]).toEqual(['2026-10-14', '2026-11-12', 30]);
    expect(body.totals.views).toBe(9);
  });
});

describe('bad input', () => {
  it.each([
    ['?from=2026-02-30&to=2026-03-01', 'from: must be a real date'],
    ['?from=11/10/2026', 'from: must be a date YYYY-MM-DD'],
    ['?from=2026-11-12&to=2026-11-10', 'from must not be after to'],
    ['?from=2025-01-01&to=2026-01-02', 'The range must not be longer than 366 days'],
    ['?interval=week', 'interval must be day'],
  ])('%s answers 400 with its msg', async (query, msg) => {
    const res = await stats(query);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe(msg);
  });

  it('takes a range of exactly 366 days', async () => {
    expect((await stats('?from=2025-11-12&to=2026-11-12')).status).toBe(200);
  });

  it('answers 404 for an unknown funnel, and 401 without the token', async () => {
    const missing = await admin('GET', '/stats/funnels/fn_nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ msg: 'Funnel not found' });
    expect((await admin('GET', '/stats/funnels/fn_s', undefined, {})).status).toBe(401);
  });
});
