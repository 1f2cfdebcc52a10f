/**
 * The conversion counters (issue 28, migration 0025) equal a brute-force count of the rows:
 * after a mix of opt-ins, bookings and orders (some with a bump) over the change from summer
 * time, then cancellations, a paid order that failed afterwards (refunded), one paid later,
 * a bump added after payment, and a contact's erasure (which keeps amounts and counts), the
 * statistics answered from the counters equal those counted from the rows themselves, and
 * the numbers a seller sees are the ones the test counts by hand.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelAppointment } from '../../src/platform/services/appointments';
import { eraseContact } from '../../src/platform/services/privacy';
import { readStatsFunnel, readStatsRows } from '../../src/platform/stats/queries';
import { statsRange } from '../../src/platform/stats/range';
import { funnelStats } from '../../src/platform/stats/report';
import type { FunnelStats } from '../../src/schemas/stats';
import { admin, page, put, TOKEN } from './admin-support';

const DB = env.DB;
const HOUR = 3_600_000;
/** 2026-10-30 00:00 in New York (UTC−4, summer time until 1 November). */
const START = Date.UTC(2026, 9, 30, 4);
const FROM = '2026-10-30';
const TO = '2026-11-03';

/** Deterministic random numbers (mulberry32). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seed(): Promise<void> {
  await put('/locations/loc_c', { id: 'loc_c', name: 'Count shop', country: 'US', timezone: 'America/New_York', currency: 'USD' });
  await put('/funnels/fn_c', {
    id: 'fn_c',
    locationId: 'loc_c',
    name: 'Count funnel',
    steps: [
      { id: 'c1', name: 'Opt-in', path: '/', pageId: 'cp1' },
      { id: 'c2', name: 'Sales', path: '/sales', pageId: 'cp2' },
    ],
  });
  for (const id of ['cp1', 'cp2']) await put(`/pages/${id}`, page(id, 'loc_c'));
  await put('/pages/cp1b', { ...page('cp1b', 'loc_c', 'Variant'), funnelId: 'fn_c' });
  await put('/experiments/exp_c', {
    id: 'exp_c',
    funnelId: 'fn_c',
    stepId: 'c1',
    variants: [
      { id: 'control', pageId: 'cp1', weight: 50 },
      { id: 'b', pageId: 'cp1b', weight: 50 },
    ],
    status: 'running',
  });
  const rand = generator(25);
  const at = () => START - 6 * HOUR + Math.floor(rand() * 6 * 24 * HOUR); // a little outside the range on both sides
  const variant = () => (rand() < 0.5 ? 'control' : 'b');
  const statements: D1PreparedStatement[] = [
    DB.prepare(
      "INSERT INTO contacts (id, location_id, email, first_name, created_at, updated_at) VALUES ('ct_erase', 'loc_c', 'erase@example.com', 'Erin', 0, 0)",
    ),
    DB.prepare(
      "INSERT INTO calendars (id, location_id, slug, name, timezone, slot_duration, doc, date_added, updated_at) VALUES ('cal_c', 'loc_c', 'cal-c', 'Call', 'America/New_York', 30, '{}', 0, 0)",
    ),
  ];
  for (let i = 0; i < 80; i++) {
    const v = variant();
    const source = rand() < 0.85 ? 'server' : 'browser';
    statements.push(
      DB.prepare(
        `INSERT INTO funnel_events (funnel_id, page_id, step_id, event_type, source, experiment_id, variant_id, contact_id, fingerprint, created_at)
         VALUES ('fn_c', ?, 'c1', 'optin', ?, 'exp_c', ?, ?, ?, ?)`,
      ).bind(v === 'b' ? 'cp1b' : 'cp1', source, v, i % 10 === 0 ? 'ct_erase' : null, `fp_${i}`, at()),
    );
  }
  for (let i = 0; i < 24; i++) {
    const created = at();
    const start = START + i * HOUR;
    statements.push(
      DB.prepare(
        `INSERT INTO appointments (id, calendar_id, location_id, contact_id, start_time, end_time, status, selected_timezone, funnel_id, step_id, experiment_id, variant_id, notes, created_at, updated_at)
         VALUES (?, 'cal_c', 'loc_c', ?, ?, ?, 'booked', 'America/New_York', 'fn_c', ?, ?, ?, 'call me', ?, ?)`,
      ).bind(
        `ap_c${i}`,
        i % 6 === 0 ? 'ct_erase' : null,
        start,
        start + 1_800_000,
        i % 3 === 0 ? 'c1' : 'c2',
        i % 3 === 0 ? 'exp_c' : null,
        i % 3 === 0 ? variant() : null,
        created,
        created,
      ),
    );
  }
  for (let i = 0; i < 40; i++) {
    const paid = rand() < 0.8;
    const paidAt = paid ? at() : null;
    const currency = i % 4 === 0 ? 'EUR' : 'USD';
    const amount = 1000 + Math.floor(rand() * 90) * 100;
    const step = i % 2 === 0 ? 'c1' : 'c2';
    statements.push(
      DB.prepare(
        `INSERT INTO orders (id, location_id, contact_id, funnel_id, step_id, experiment_id, variant_id, source, submission_type, status, currency, amount, idempotency_key, fingerprint, paid_at, created_at, updated_at)
         VALUES (?, 'loc_c', ?, 'fn_c', ?, ?, ?, 'funnel', 1, ?, ?, ?, ?, 'fp', ?, ?, ?)`,
      ).bind(
        `or_c${i}`,
        i % 5 === 0 ? 'ct_erase' : null,
        step,
        step === 'c1' ? 'exp_c' : null,
        step === 'c1' ? variant() : null,
        paid ? 'paid' : 'pending',
        currency,
        amount,
        `key_c${i}`,
        paidAt,
        paidAt ?? START,
        paidAt ?? START,
      ),
      DB.prepare(
        "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'main', 'Course', 'one_time', ?, ?, 0)",
      ).bind(`or_c${i}`, amount, currency),
    );
    if (i % 3 === 0)
      statements.push(
        DB.prepare(
          "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'bump', 'Workbook', 'one_time', 0, ?, 1)",
        ).bind(`or_c${i}`, currency),
      );
  }
  await DB.batch(statements);

  // Afterwards: bookings cancelled by the visitor, a paid order refunded (its payment failed
  // after it was paid, as a payment event sets it), a pending order paid, a bump added to a
  // paid order, and the contact erased.
  for (const id of ['ap_c1', 'ap_c4', 'ap_c6']) await cancelAppointment(DB, id, 'changed my mind', START + 100 * HOUR);
  const paidOrders = await DB.prepare("SELECT id FROM orders WHERE funnel_id = 'fn_c' AND status = 'paid' ORDER BY id").all<{ id: string }>();
  const pending = await DB.prepare("SELECT id FROM orders WHERE funnel_id = 'fn_c' AND status = 'pending' ORDER BY id").all<{ id: string }>();
  const noBump = await DB.prepare(
    "SELECT id FROM orders o WHERE funnel_id = 'fn_c' AND status = 'paid' AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1) ORDER BY id",
  ).all<{ id: string }>();
  await DB.batch([
    DB.prepare("UPDATE orders SET status = 'failed', updated_at = ? WHERE id = ?").bind(START, paidOrders.results[0]?.id),
    DB.prepare("UPDATE orders SET status = 'paid', paid_at = COALESCE(paid_at, ?), updated_at = ? WHERE id = ?").bind(
      START + 30 * HOUR,
      START,
      pending.results[0]?.id,
    ),
    DB.prepare(
      "INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) VALUES (?, 'late_bump', 'Extra', 'one_time', 0, 'USD', 1)",
    ).bind(noBump.results[0]?.id),
  ]);
  await eraseContact(DB, env.UPLOADS, 'ct_erase', START + 120 * HOUR);
}

async function statsFrom(source: 'rollups' | 'rows'): Promise<FunnelStats> {
  const funnel = await readStatsFunnel(DB, 'fn_c');
  if (!funnel) throw new Error('no funnel');
  const range = statsRange({ from: FROM, to: TO }, funnel.timeZone, START);
  return funnelStats(funnel, range, await readStatsRows(DB, 'fn_c', range, funnel.timeZone, source));
}

beforeAll(seed);

describe('the conversion counters', () => {
  it('give the statistics counted from the rows themselves, after cancellations, a refund, a late bump and an erasure', async () => {
    const fromRollups = await statsFrom('rollups');
    expect(fromRollups).toEqual(await statsFrom('rows'));
    // The API answers the same.
    const res = await admin('GET', `/stats/funnels/fn_c?from=${FROM}&to=${TO}`, undefined, { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(START) });
    expect(await res.json()).toEqual(fromRollups);
  });

  it('count what a seller would count by hand, each in the day of New York it happened', async () => {
    const body = await statsFrom('rollups');
    // Days in New York: summer time (UTC−4) until 2026-11-01 06:00 UTC, then UTC−5.
    const dayOf = (at: number) => new Date(at - (at >= Date.UTC(2026, 10, 1, 6) ? 5 : 4) * HOUR).toISOString().slice(0, 10);
    const inRange = (at: number) => dayOf(at) >= FROM && dayOf(at) <= TO;
    const optins = await DB.prepare("SELECT created_at AS at FROM funnel_events WHERE funnel_id = 'fn_c' AND source = 'server' AND event_type = 'optin'").all<{
      at: number;
    }>();
    const bookings = await DB.prepare("SELECT created_at AS at FROM appointments WHERE funnel_id = 'fn_c' AND status != 'cancelled'").all<{ at: number }>();
    const orders = await DB.prepare(
      "SELECT paid_at AS at, currency, amount, EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1) AS bump FROM orders o WHERE funnel_id = 'fn_c' AND status = 'paid'",
    ).all<{ at: number; currency: string; amount: number; bump: number }>();
    const counted = <T extends { at: number }>(rows: T[]) => rows.filter((row) => inRange(row.at));
    expect(body.totals.optins).toBe(counted(optins.results).length);
    expect(body.totals.bookings).toBe(counted(bookings.results).length);
    expect(body.totals.orders).toBe(counted(orders.results).length);
    const usd = counted(orders.results)
      .filter((o) => o.currency === 'USD')
      .reduce((sum, o) => sum + o.amount, 0);
    expect(body.totals.revenue.find((m) => m.currency === 'USD')?.amount).toBe(usd);
    for (const day of body.days) expect(day.optins, day.day).toBe(optins.results.filter((row) => dayOf(row.at) === day.day).length);
    const bumps = counted(orders.results).filter((o) => o.bump === 1).length;
    const stepOrders = body.steps.reduce((sum, step) => sum + step.orders, 0);
    const stepBumps = body.steps.reduce((sum, step) => sum + Math.round((step.bumpTakeRate ?? 0) * step.orders), 0);
    expect(stepOrders).toBe(counted(orders.results).length);
    expect(stepBumps).toBe(bumps);
    // The erased contact's conversions still count: its amounts and counts are kept.
    const erased = await DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE contact_id = 'ct_erase' AND status = 'paid'").first<{ n: number }>();
    expect(erased?.n).toBeGreaterThan(0);
    expect(body.experiments[0]?.variants.reduce((sum, v) => sum + v.conversions, 0)).toBeGreaterThan(0);
  });

  it('uncount deleted orders with their bumps, leaving no counter behind', async () => {
    await DB.prepare("DELETE FROM orders WHERE funnel_id = 'fn_c'").run();
    const left = await DB.prepare("SELECT COUNT(*) AS n FROM conversion_rollups WHERE funnel_id = 'fn_c' AND kind = 'order'").first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect(await statsFrom('rollups')).toEqual(await statsFrom('rows'));
  });
});
