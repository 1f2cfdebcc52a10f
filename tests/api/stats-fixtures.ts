/**
 * A funnel with known numbers for the statistics tests: three steps in New York's zone, a
 * split test on the first, four visitors on known paths over 2026-11-10 and 11, and the
 * conversions the server stores (opt-in events, bookings, paid orders with a bump), with
 * rows that must not count (browser events, a cancelled booking, an unpaid order, a day
 * outside the range).
 */
import { env } from 'cloudflare:test';
import type { ViewMessage } from '../../src/lib/tracking/view-message';
import { rollUpViews } from '../../src/platform/stats/view-consumer';
import { page, put } from './admin-support';

const DB = env.DB;
/** Wall-clock time in New York (UTC−5 in November, after the change) as epoch ms. */
export const ny = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute);

export async function seedStatsFunnel(): Promise<void> {
  await put('/locations/loc_s', { id: 'loc_s', name: 'Stats shop', country: 'US', timezone: 'America/New_York', currency: 'USD' });
  await put('/funnels/fn_s', {
    id: 'fn_s',
    locationId: 'loc_s',
    name: 'Stats funnel',
    steps: [
      { id: 's1', name: 'Opt-in', path: '/', pageId: 'p1' },
      { id: 's2', name: 'Sales', path: '/sales', pageId: 'p2' },
      { id: 's3', name: 'Upsell', path: '/upsell', pageId: 'p3' },
    ],
  });
  for (const id of ['p1', 'p2', 'p3']) await put(`/pages/${id}`, page(id, 'loc_s'));
  await put('/pages/p1b', { ...page('p1b', 'loc_s', 'Variant'), funnelId: 'fn_s' });
  await put('/experiments/exp_1', {
    id: 'exp_1',
    funnelId: 'fn_s',
    stepId: 's1',
    variants: [
      { id: 'control', pageId: 'p1', weight: 50 },
      { id: 'b', pageId: 'p1b', weight: 50 },
    ],
    status: 'running',
  });

  const view = (visitor: string, stepId: string, pageId: string, variantId: string | null, at: number): ViewMessage => ({
    funnelId: 'fn_s',
    stepId,
    pageId,
    experimentId: variantId ? 'exp_1' : null,
    variantId,
    host: 'stats.test',
    network: `10.0.${visitor.charCodeAt(0)}.0/24`,
    family: 'chrome',
    source: 'edge',
    at,
  });
  // A: s1 → s2 → s3; B: s1 (twice) → s2; C: s1 only; D (next day): s1 → s3, skipping s2.
  await rollUpViews(
    DB,
    [
      view('A', 's1', 'p1', 'control', ny(10, 10)),
      view('A', 's2', 'p2', null, ny(10, 10, 5)),
      view('A', 's3', 'p3', null, ny(10, 10, 10)),
      view('B', 's1', 'p1b', 'b', ny(10, 11)),
      view('B', 's1', 'p1b', 'b', ny(10, 11, 1)),
      view('B', 's2', 'p2', null, ny(10, 11, 5)),
      view('C', 's1', 'p1', 'control', ny(10, 12)),
      view('D', 's1', 'p1b', 'b', ny(11, 9)),
      view('D', 's3', 'p3', null, ny(11, 9, 30)),
    ],
    ny(11, 12),
  );

  const event = (step: string, type: string, source: string, at: number, variant: string | null) =>
    DB.prepare(
      `INSERT INTO funnel_events (funnel_id, page_id, step_id, event_type, source, experiment_id, variant_id, created_at)
       VALUES ('fn_s', 'p1', ?, ?, ?, ?, ?, ?)`,
    ).bind(step, type, source, variant ? 'exp_1' : null, variant, at);
  const order = (id: string, step: string, status: string, currency: string, amount: number, paidAt: number | null, bump: boolean) => [
    DB.prepare(
      `INSERT INTO orders (id, location_id, funnel_id, step_id, source, submission_type, status, currency, amount, idempotency_key, paid_at, created_at, updated_at)
       VALUES (?, 'loc_s', 'fn_s', ?, 'funnel', 1, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(id, step, status, currency, amount, `key_${id}`, paidAt, paidAt ?? ny(10, 9), paidAt ?? ny(10, 9)),
    DB.prepare(
      "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'main', 'Course', 'one_time', ?, ?, 0)",
    ).bind(id, amount, currency),
    ...(bump
      ? [
          DB.prepare(
            "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'bump', 'Workbook', 'one_time', 0, ?, 1)",
          ).bind(id, currency),
        ]
      : []),
  ];
  const appointment = (id: string, status: string, at: number) =>
    DB.prepare(
      `INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, status, selected_timezone, funnel_id, step_id, created_at, updated_at)
       VALUES (?, 'cal_s', 'loc_s', ?, ?, ?, 'America/New_York', 'fn_s', 's2', ?, ?)`,
    ).bind(id, at + 86_400_000, at + 88_200_000, status, at, at);

  await DB.batch([
    event('s1', 'optin', 'server', ny(10, 10, 1), 'control'),
    event('s1', 'optin', 'server', ny(10, 11, 2), 'b'),
    event('s1', 'optin', 'server', ny(11, 9, 1), 'b'),
    // Not conversions the statistics count: a browser's claim, views, and a day after the range.
    event('s1', 'optin', 'browser', ny(10, 10, 2), 'control'),
    event('s1', 'page_view', 'browser', ny(10, 10, 2), 'control'),
    event('s1', 'optin', 'server', ny(13, 10), 'control'),
    DB.prepare(
      "INSERT INTO calendars (id, location_id, slug, name, timezone, slot_duration, doc, date_added, updated_at) VALUES ('cal_s', 'loc_s', 'cal-s', 'Call', 'America/New_York', 30, '{}', 0, 0)",
    ),
    appointment('ap_1', 'booked', ny(10, 10, 6)),
    appointment('ap_2', 'cancelled', ny(10, 11, 6)),
    ...order('or_1', 's2', 'paid', 'USD', 4900, ny(10, 10, 7), true),
    ...order('or_2', 's2', 'paid', 'USD', 2900, ny(10, 11, 7), false),
    ...order('or_3', 's2', 'pending', 'USD', 9900, null, true),
    ...order('or_4', 's3', 'paid', 'EUR', 1500, ny(11, 9, 31), false),
    // Real visitors' speed of the control page: p75 of five LCP samples is the fourth.
    ...[500, 100, 400, 200, 300].map((value, i) =>
      DB.prepare(
        "INSERT INTO page_vitals (funnel_id, day, page_id, variant_id, metric, value, created_at) VALUES ('fn_s', '2026-11-10', 'p1', 'control', 'lcp', ?, ?)",
      ).bind(value, i),
    ),
    DB.prepare(
      "INSERT INTO page_vitals (funnel_id, day, page_id, variant_id, metric, value, created_at) VALUES ('fn_s', '2026-11-10', 'p1', 'control', 'cls', 0.05, 0)",
    ),
    // Outside the range: not counted.
    DB.prepare(
      "INSERT INTO page_vitals (funnel_id, day, page_id, variant_id, metric, value, created_at) VALUES ('fn_s', '2026-11-13', 'p1', 'control', 'lcp', 9000, 0)",
    ),
  ]);
}
