/**
 * Real visitors' page speed (issue 28): POST /api/funnel/vitals stores bounded values under
 * the funnel's day, refuses what is not a page of the funnel or out of bounds, is rate
 * limited per address, and the statistics answer the 75th percentile per page and variant.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_HEADER } from '../../src/platform/clock';
import { count, post, seedFunnelFixtures } from '../support/funnel-fixtures';
import { admin, TOKEN } from './admin-support';

beforeAll(() => seedFunnelFixtures());

// 03:00 UTC on the 25th is still the 24th in Chicago (the funnel's zone).
const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);
const from = (ip: string, now = NOW) => ({ headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, [TEST_CLOCK_HEADER]: String(now) } });
const report = (extra: Record<string, unknown> = {}) => ({ funnel_id: 'fn_a', page_id: 'pg_sale', lcp: 1800, inp: 120, cls: 0.02, ttfb: 300, ...extra });

describe('storing page speed', () => {
  it('stores one sample per metric sent, under the day in the funnel’s zone', async () => {
    const res = await post('/funnel/vitals', report({ variant_id: 'b', inp: undefined }), from('198.51.100.1'));
    expect(res.status).toBe(200);
    const rows = await env.DB.prepare("SELECT day, page_id, variant_id, metric, value FROM page_vitals WHERE variant_id = 'b' ORDER BY metric").all();
    expect(rows.results).toEqual([
      { day: '2026-11-24', page_id: 'pg_sale', variant_id: 'b', metric: 'cls', value: 0.02 },
      { day: '2026-11-24', page_id: 'pg_sale', variant_id: 'b', metric: 'lcp', value: 1800 },
      { day: '2026-11-24', page_id: 'pg_sale', variant_id: 'b', metric: 'ttfb', value: 300 },
    ]);
  });

  it.each([
    [{ lcp: -1 }, 'lcp: Invalid value: Expected >=0 but received -1'],
    [{ lcp: 120_001 }, 'lcp: must be at most 120000 ms'],
    [{ cls: 101 }, 'cls: must be at most 100'],
    [{ inp: '100' }, 'inp: Invalid type: Expected number but received "100"'],
    [{ lcp: undefined, inp: undefined, cls: undefined, ttfb: undefined }, 'at least one of lcp, inp, cls, ttfb is required'],
    [{ page_id: '../x' }, 'page_id: must be 1-64 letters, digits, _ or -'],
  ])('refuses %j with 400 and its msg, storing nothing', async (change, msg) => {
    const before = await count('page_vitals');
    const res = await post('/funnel/vitals', report(change), from('198.51.100.2'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe(msg);
    expect(await count('page_vitals')).toBe(before);
  });

  it('answers 404 for a page the funnel does not show, or an unknown funnel', async () => {
    for (const change of [{ page_id: 'pg_n1' }, { funnel_id: 'fn_nope' }]) {
      const res = await post('/funnel/vitals', report(change), from('198.51.100.3'));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ msg: 'Page not found' });
    }
  });

  it('takes 120 reports per address in 10 minutes, then answers 429 and stores nothing', async () => {
    const ip = '192.0.2.77';
    const answers = await Promise.all(Array.from({ length: 120 }, () => post('/funnel/vitals', report({ lcp: 1 }), from(ip))));
    expect(answers.map((res) => res.status)).toEqual(Array(120).fill(200));
    const before = await count('page_vitals');
    const refused = await post('/funnel/vitals', report(), from(ip));
    expect(refused.status).toBe(429);
    expect(await count('page_vitals')).toBe(before);
    await env.DB.prepare("DELETE FROM page_vitals WHERE value = 1 AND metric = 'lcp'").run();
  });
});

describe('page speed in the statistics', () => {
  it('answers the 75th percentile (nearest rank) per page and variant', async () => {
    await env.DB.prepare('DELETE FROM page_vitals').run();
    // Eight control reports: LCP 100..800 → p75 is the 6th, 600; INP only on four → the 3rd of 10, 20, 30, 40.
    for (let i = 1; i <= 8; i++) {
      const res = await post(
        '/funnel/vitals',
        report({ lcp: i * 100, inp: i <= 4 ? i * 10 : undefined, cls: i / 100, ttfb: 1000 - i }),
        from(`203.0.113.${i}`),
      );
      expect(res.status).toBe(200);
    }
    await post('/funnel/vitals', report({ variant_id: 'b', lcp: 5000, inp: undefined, cls: undefined, ttfb: undefined }), from('203.0.113.50'));
    const res = await admin('GET', '/stats/funnels/fn_a?from=2026-11-20&to=2026-11-24', undefined, {
      authorization: `Bearer ${TOKEN}`,
      [TEST_CLOCK_HEADER]: String(NOW),
    });
    expect(res.status).toBe(200);
    const { vitals } = (await res.json()) as { vitals: unknown[] };
    expect(vitals).toEqual([
      { pageId: 'pg_sale', variantId: null, samples: 8, lcp: 600, inp: 30, cls: 0.06, ttfb: 997 },
      { pageId: 'pg_sale', variantId: 'b', samples: 1, lcp: 5000, inp: null, cls: null, ttfb: null },
    ]);
  });
});
