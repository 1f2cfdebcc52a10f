/**
 * Counting views (issue 28): the queue consumer's rollups equal a brute-force count over
 * random views (visitors colliding on purpose), the queue runs the consumer, robots are not
 * counted, and the cron deletes a day's salt and its visitor keys once the day is over.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewMessage } from '../../src/lib/tracking/view-message';
import { runScheduled } from '../../src/platform/scheduled';
import { rollUpViews } from '../../src/platform/stats/view-consumer';
import { countView } from '../../src/serving/count-view';
import { todayIn } from '../../src/lib/time/today';

const DB = env.DB;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 3, 0);

beforeAll(async () => {
  await DB.batch([
    DB.prepare("INSERT INTO locations (id, name, timezone, created_at, updated_at) VALUES ('loc_ny', 'NY', 'America/New_York', 0, 0)"),
    DB.prepare("INSERT INTO locations (id, name, timezone, created_at, updated_at) VALUES ('loc_tk', 'Tokyo', 'Asia/Tokyo', 0, 0)"),
    DB.prepare("INSERT INTO funnels (id, location_id, name, created_at, updated_at) VALUES ('fn_ny', 'loc_ny', 'NY', 0, 0)"),
    DB.prepare("INSERT INTO funnels (id, location_id, name, created_at, updated_at) VALUES ('fn_tk', 'loc_tk', 'Tokyo', 0, 0)"),
  ]);
});

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** Random views: few networks, families and hosts, so visitors collide across steps, pages, variants and days. */
function randomViews(count: number, seed: number): ViewMessage[] {
  const rand = generator(seed);
  const views: ViewMessage[] = [];
  for (let i = 0; i < count; i++) {
    const variant = pick(rand, [null, 'a', 'b']);
    views.push({
      funnelId: pick(rand, ['fn_ny', 'fn_tk']),
      stepId: pick(rand, ['s1', 's2', 's3']),
      pageId: pick(rand, ['p1', 'p2']),
      experimentId: variant ? 'exp' : null,
      variantId: variant,
      host: pick(rand, ['a.test', 'b.test']),
      network: pick(rand, ['10.0.0.0/24', '10.0.1.0/24', '2001:db8:1::/48', '']),
      family: pick(rand, ['chrome', 'safari', 'firefox']),
      source: pick(rand, ['edge', 'render']),
      at: T0 + Math.floor(rand() * 60 * HOUR),
    });
  }
  return views.sort((a, b) => a.at - b.at);
}

const ZONES: Record<string, string> = { fn_ny: 'America/New_York', fn_tk: 'Asia/Tokyo' };

/** The counts recomputed from the views themselves: views, visitors (distinct network+family+host), and paths. */
function bruteForce(views: readonly ViewMessage[]) {
  const rollups = new Map<string, { views: number; visitors: Set<string> }>();
  const reached = new Map<string, string[]>();
  const paths = new Map<string, number>();
  for (const view of views) {
    const day = todayIn(ZONES[view.funnelId] ?? 'UTC', view.at);
    const visitor = `${view.network}|${view.family}|${view.host}`;
    // The step's page and variant, and the funnel's day whatever the step.
    for (const key of [
      [view.funnelId, day, view.stepId, view.pageId, view.experimentId ?? '', view.variantId ?? ''].join('|'),
      [view.funnelId, day, '', '', '', ''].join('|'),
    ]) {
      const entry = rollups.get(key) ?? { views: 0, visitors: new Set<string>() };
      entry.views++;
      entry.visitors.add(visitor);
      rollups.set(key, entry);
    }
    const pathKey = `${view.funnelId}|${day}|${visitor}`;
    const steps = reached.get(pathKey) ?? [];
    if (!steps.includes(view.stepId)) {
      for (const from of steps) {
        const edge = `${view.funnelId}|${day}|${from}|${view.stepId}`;
        paths.set(edge, (paths.get(edge) ?? 0) + 1);
      }
      steps.push(view.stepId);
      reached.set(pathKey, steps);
    }
  }
  return {
    rollups: Object.fromEntries([...rollups].map(([key, value]) => [key, { views: value.views, visitors: value.visitors.size }])),
    paths: Object.fromEntries(paths),
  };
}

async function storedCounts() {
  const rollups = await DB.prepare('SELECT * FROM view_rollups').all<Record<string, string | number>>();
  const paths = await DB.prepare('SELECT * FROM path_rollups').all<Record<string, string | number>>();
  return {
    rollups: Object.fromEntries(
      rollups.results.map((r) => [
        [r.funnel_id, r.day, r.step_id, r.page_id, r.experiment_id, r.variant_id].join('|'),
        { views: r.views, visitors: r.visitors },
      ]),
    ),
    paths: Object.fromEntries(paths.results.map((r) => [[r.funnel_id, r.day, r.from_step_id, r.to_step_id].join('|'), r.visitors])),
  };
}

async function clearCounts() {
  await DB.batch(['view_rollups', 'view_visitors', 'step_visitors', 'path_rollups', 'visitor_salts'].map((table) => DB.prepare(`DELETE FROM ${table}`)));
}

describe('rolling views up', () => {
  it('equals a brute-force count over 3,000 random views sent in batches of 100', async () => {
    await clearCounts();
    const views = randomViews(3000, 28);
    for (let i = 0; i < views.length; i += 100) await rollUpViews(DB, views.slice(i, i + 100), T0);
    const expected = bruteForce(views);
    expect(Object.keys(expected.rollups).length).toBeGreaterThan(50);
    expect(Object.keys(expected.paths).length).toBeGreaterThan(20);
    expect(await storedCounts()).toEqual(expected);
  });

  it('counts the same when an isolate sends its views as arrays, mixed with single views', async () => {
    await clearCounts();
    const views = randomViews(1000, 31);
    // As src/serving/count-view.ts sends them: one message per isolate batch, of varying size.
    const messages: unknown[] = [];
    for (let i = 0; i < views.length; ) {
      const size = 1 + (i % 37);
      messages.push(size === 1 ? views[i] : views.slice(i, i + size));
      i += size;
    }
    for (let i = 0; i < messages.length; i += 10) await rollUpViews(DB, messages.slice(i, i + 10), T0);
    expect(await storedCounts()).toEqual(bruteForce(views));
  });

  it('counts a repeated batch twice as views but not as visitors', async () => {
    await clearCounts();
    const views = randomViews(50, 7);
    await rollUpViews(DB, views, T0);
    await rollUpViews(DB, views, T0);
    const once = bruteForce(views);
    const twice = bruteForce([...views, ...views]);
    const stored = await storedCounts();
    expect(stored.rollups).toEqual(twice.rollups);
    expect(stored.paths).toEqual(once.paths);
  });

  it('drops messages that are not views, and views of unknown funnels', async () => {
    await clearCounts();
    const [view] = randomViews(1, 3) as [ViewMessage];
    expect(await rollUpViews(DB, [{ nonsense: true }, 'text', { ...view, funnelId: 'fn_gone' }, view], T0)).toBe(1);
    expect((await DB.prepare("SELECT SUM(views) AS n FROM view_rollups WHERE step_id != ''").first<{ n: number }>())?.n).toBe(1);
  });

  it('keys the day by the funnel zone: the same instant is another day in Tokyo than in New York', async () => {
    await clearCounts();
    const at = Date.UTC(2026, 10, 2, 20, 0);
    const base = {
      stepId: 's1',
      pageId: 'p1',
      experimentId: null,
      variantId: null,
      host: 'a.test',
      network: '',
      family: 'chrome',
      source: 'edge' as const,
      at,
    };
    await rollUpViews(
      DB,
      [
        { ...base, funnelId: 'fn_ny' },
        { ...base, funnelId: 'fn_tk' },
      ],
      at,
    );
    const days = await DB.prepare("SELECT funnel_id, day FROM view_rollups WHERE step_id != '' ORDER BY funnel_id").all();
    expect(days.results).toEqual([
      { funnel_id: 'fn_ny', day: '2026-11-02' },
      { funnel_id: 'fn_tk', day: '2026-11-03' },
    ]);
    // One salt per day the views fell on.
    expect((await DB.prepare('SELECT day FROM visitor_salts ORDER BY day').all()).results).toEqual([{ day: '2026-11-02' }, { day: '2026-11-03' }]);
  });
});

describe('the views queue', () => {
  it('counts a view sent by countView, through the queue and its consumer, once per visitor; robots and speed tools not at all', async () => {
    await clearCounts();
    const view = {
      funnelId: 'fn_ny',
      stepId: 'q1',
      pageId: 'qp',
      experimentId: 'exp',
      variantId: 'b',
      host: 'a.test',
      ip: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      source: 'edge' as const,
      now: Date.now(),
    };
    const ctx = createExecutionContext();
    countView(env, ctx, view);
    // Same /24 and browser family: the same visitor.
    countView(env, ctx, { ...view, ip: '198.51.100.99' });
    countView(env, ctx, { ...view, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    countView(env, ctx, { ...view, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse' });
    await waitOnExecutionContext(ctx);
    const read = () => DB.prepare("SELECT views, visitors FROM view_rollups WHERE step_id = 'q1'").first<{ views: number; visitors: number }>();
    let row = await read();
    while (!row || row.views < 2) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await read();
    }
    expect(row).toEqual({ views: 2, visitors: 1 });
    // Nothing that names the address is stored.
    const stored = JSON.stringify((await DB.prepare('SELECT * FROM view_visitors').all()).results);
    expect(stored).not.toContain('198.51.100');
  });
});

describe('salt rotation', () => {
  it('the hourly sweep deletes the salts and visitor keys of days over everywhere, and keeps the rest', async () => {
    await clearCounts();
    const views = randomViews(200, 11);
    await rollUpViews(DB, views, T0);
    const before = await DB.prepare('SELECT day FROM visitor_salts ORDER BY day').all<{ day: string }>();
    expect(before.results.map((r) => r.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    const rollups = await storedCounts();
    // 2026-11-04 in UTC: the 2nd is over everywhere; the 3rd is still the day in UTC−12.
    const swept = await runScheduled(env, Date.UTC(2026, 10, 4, 1, 0));
    expect(swept.visitorSalts).toBe(2);
    const after = await DB.prepare('SELECT day FROM visitor_salts ORDER BY day').all<{ day: string }>();
    expect(after.results.map((r) => r.day)).toEqual(['2026-11-03', '2026-11-04']);
    const keys = await DB.prepare('SELECT DISTINCT day FROM view_visitors UNION SELECT DISTINCT day FROM step_visitors ORDER BY day').all<{ day: string }>();
    expect(keys.results.every((r) => r.day >= '2026-11-03')).toBe(true);
    // The counts stay.
    expect(await storedCounts()).toEqual(rollups);
    // A new view of a swept day gets a new salt: its visitor is not recognised as the one before.
    const old = await DB.prepare("SELECT salt FROM visitor_salts WHERE day = '2026-11-03'").first<{ salt: string }>();
    await runScheduled(env, Date.UTC(2026, 10, 5, 1, 0));
    expect(await DB.prepare("SELECT salt FROM visitor_salts WHERE day = '2026-11-03'").first()).toBeNull();
    expect(old?.salt).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('what is not a view', () => {
  it('a prefetch of the next step (Sec-Purpose or Purpose: prefetch) is not; a plain request is', async () => {
    const { isPrefetch } = await import('../../src/serving/count-view');
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isPrefetch(new Headers({ purpose: 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ accept: 'text/html' }))).toBe(false);
  });
});
