/**
 * `npm run bench:stats`: the funnel statistics (issue 28) against their budgets, on the
 * built worker with its own throw-away local D1 (.bench-stats-state, never tracked):
 *  - 1,000,000 generated views over 90 days (visitors colliding on purpose: few networks,
 *    browser families and hosts, several steps, pages and variants a day) are rolled up by
 *    the queue consumer's own code (src/platform/stats/view-consumer.ts, bundled and run in
 *    Node over the local D1's SQLite file, bench/stats-d1.mjs) in batches of 100, as the
 *    queue delivers them; the counters must equal a brute-force count of the same views;
 *  - with conversions beside them (60,000 opt-ins, 6,000 bookings, 15,000 paid orders, a
 *    third with a bump), written as rows: the triggers of migration 0025 keep their hourly
 *    counters, which must equal a brute-force count of the rows;
 *  - the statistics of that funnel over the 90 days are asked of the worker BENCH_ROUNDS
 *    times (50): p50 and p95 printed, budget p95 <= 50 ms. The machine may be shared: the
 *    load average is printed beside the figures, and so is the CPU time workerd spent per
 *    answer (from /proc), which is what an answer takes on a machine of its own.
 * It builds unless BENCH_SKIP_BUILD is set. Requests go straight to workerd (bench/serve.mjs).
 * BENCH_PORT moves the worker (and its inspector, one above) off port 8797. BENCH_REUSE_STATE=1
 * asks the state of the previous run again (no seeding, no counter check): with BENCH_ANSWER=FILE,
 * which writes the first answer, two builds' answers can be compared. BENCH_PROFILE=FILE
 * profiles the answers (below).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { d1Over } from './stats-d1.mjs';
import { inspectorSessions } from './inspector.mjs';
import { startWorker } from './start-worker.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const STATE = '.bench-stats-state';
const TOKEN = 'bench-stats-token-71c3e9';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const DAYS = 90;
const BUDGET_MS = 50;
const T0 = Date.UTC(2026, 6, 1, 4); // midnight in New York (EDT)
const DAY_MS = 86_400_000;
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });

if (!process.env.BENCH_SKIP_BUILD) run('astro', ['build']);
/** The day (New York) of an instant in the bench's window: its offset is −4 h until 1 November, −5 h after. */
const dayOf = (at) => new Date(at - (at >= Date.UTC(2026, 10, 1, 6) ? 5 : 4) * 3_600_000).toISOString().slice(0, 10);
const REUSE = Boolean(process.env.BENCH_REUSE_STATE) && existsSync(STATE);
if (!REUSE) {
  rmSync(STATE, { recursive: true, force: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
}
const d1Dir = join(STATE, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const file = readdirSync(d1Dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
if (!file) throw new Error(`no D1 database in ${d1Dir}`);

/** Seeds the bench's D1 (views rolled up, conversions written) and checks the counters against a brute-force count. */
async function seedState() {
  // The consumer's code, bundled for Node.
  const bundled = await build({
    stdin: { contents: "export { rollUpViews } from './src/platform/stats/view-consumer.ts';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const { rollUpViews } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

  const db = d1Over(join(d1Dir, file));
  const STEPS = ['st_1', 'st_2', 'st_3', 'st_4'];
  const seed = [
    "INSERT INTO locations (id, name, timezone, created_at, updated_at) VALUES ('loc_b', 'Bench', 'America/New_York', 0, 0)",
    "INSERT INTO funnels (id, location_id, name, created_at, updated_at) VALUES ('fn_b', 'loc_b', 'Bench funnel', 0, 0)",
    ...STEPS.map(
      (id, i) =>
        `INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('${id}', 'fn_b', 'Step ${i + 1}', '/s${i}', ${i}, 'pg_${i + 1}')`,
    ),
    `INSERT INTO experiments (id, funnel_id, step_id, status, salt, started_at, doc, created_at, updated_at) VALUES ('exp_b', 'fn_b', 'st_1', 'running', 'x', ${T0},
    '{"variants":[{"id":"control","pageId":"pg_1","weight":50},{"id":"b","pageId":"pg_1b","weight":50}]}', 0, 0)`,
  ];
  for (const sql of seed) await db.prepare(sql).run();

  /** Deterministic random numbers (mulberry32). */
  function generator(seedValue) {
    let a = seedValue;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const rand = generator(28);
  const NETWORKS = Array.from({ length: 3000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`);
  const FAMILIES = ['chrome', 'safari', 'firefox', 'edge'];
  const HOSTS = ['bench.test', 'www.bench.test'];
  const pick = (list) => list[Math.floor(rand() * list.length)];

  const expected = new Map();
  const paths = new Map();
  const reached = new Map();
  const count = (key, visitor) => {
    const entry = expected.get(key) ?? { views: 0, visitors: new Set() };
    entry.views++;
    entry.visitors.add(visitor);
    expected.set(key, entry);
  };

  let started = performance.now();
  const BATCH = 100;
  for (let sent = 0; sent < VIEWS; sent += BATCH) {
    // Views arrive in time order, a batch spanning a few seconds of the 90 days.
    const batch = [];
    for (let i = 0; i < BATCH && sent + i < VIEWS; i++) {
      const at = T0 + Math.floor(((sent + i) / VIEWS) * DAYS * DAY_MS);
      const step = rand() < 0.55 ? 0 : rand() < 0.6 ? 1 : rand() < 0.6 ? 2 : 3;
      const variant = step === 0 ? (rand() < 0.5 ? 'control' : 'b') : null;
      batch.push({
        funnelId: 'fn_b',
        stepId: STEPS[step],
        pageId: variant === 'b' ? 'pg_1b' : `pg_${step + 1}`,
        experimentId: variant ? 'exp_b' : null,
        variantId: variant,
        host: pick(HOSTS),
        network: pick(NETWORKS),
        family: pick(FAMILIES),
        source: rand() < 0.9 ? 'edge' : 'render',
        at,
      });
    }
    for (const view of batch) {
      const day = dayOf(view.at);
      const visitor = `${view.network}|${view.family}|${view.host}`;
      count([day, view.stepId, view.pageId, view.experimentId ?? '', view.variantId ?? ''].join('|'), visitor);
      count([day, '', '', '', ''].join('|'), visitor);
      const seen = reached.get(`${day}|${visitor}`) ?? [];
      if (!seen.includes(view.stepId)) {
        for (const from of seen) paths.set(`${day}|${from}|${view.stepId}`, (paths.get(`${day}|${from}|${view.stepId}`) ?? 0) + 1);
        seen.push(view.stepId);
        reached.set(`${day}|${visitor}`, seen);
      }
    }
    await rollUpViews(db, batch, batch[0].at);
    if ((sent / BATCH) % 1000 === 0 && sent > 0) process.stdout.write(`  ${sent.toLocaleString('en')} views rolled up\r`);
  }
  const rollupSeconds = (performance.now() - started) / 1000;
  console.log(
    `Rolled up ${VIEWS.toLocaleString('en')} views in ${rollupSeconds.toFixed(1)} s (${Math.round(VIEWS / rollupSeconds).toLocaleString('en')} views/s)`,
  );

  // The counters against the brute-force count.
  const stored = db.sqlite.prepare("SELECT day, step_id, page_id, experiment_id, variant_id, views, visitors FROM view_rollups WHERE funnel_id = 'fn_b'").all();
  const storedPaths = db.sqlite.prepare("SELECT day, from_step_id, to_step_id, visitors FROM path_rollups WHERE funnel_id = 'fn_b'").all();
  const mismatches = [];
  if (stored.length !== expected.size) mismatches.push(`${stored.length} rollup rows, ${expected.size} expected`);
  for (const row of stored) {
    const want = expected.get([row.day, row.step_id, row.page_id, row.experiment_id, row.variant_id].join('|'));
    if (!want || want.views !== row.views || want.visitors.size !== row.visitors)
      mismatches.push(JSON.stringify({ row, want: want && { views: want.views, visitors: want.visitors.size } }));
  }
  if (storedPaths.length !== paths.size) mismatches.push(`${storedPaths.length} path rows, ${paths.size} expected`);
  for (const row of storedPaths) if (paths.get(`${row.day}|${row.from_step_id}|${row.to_step_id}`) !== row.visitors) mismatches.push(JSON.stringify(row));
  const totalViews = stored.filter((row) => row.step_id === '').reduce((sum, row) => sum + row.views, 0);
  console.log(
    `Rollups: ${stored.length} rows, ${storedPaths.length} path rows; ${totalViews.toLocaleString('en')} views counted; ${mismatches.length === 0 ? 'equal to the brute-force count' : 'DIFFERENT from the brute-force count'}`,
  );
  for (const line of mismatches.slice(0, 5)) console.log(`  ${line}`);

  // Conversions beside the views: 60,000 opt-ins, 6,000 bookings, 15,000 paid orders (a third with a bump) over the 90 days.
  started = performance.now();
  const spread = (i, n) => `${T0} + ${i} * ${Math.floor((DAYS * DAY_MS) / n)}`;
  db.sqlite.exec(`
  INSERT INTO calendars (id, location_id, slug, name, timezone, slot_duration, doc, date_added, updated_at) VALUES ('cal_b', 'loc_b', 'cal-b', 'Call', 'America/New_York', 30, '{}', 0, 0);
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 59999)
  INSERT INTO funnel_events (funnel_id, page_id, step_id, event_type, source, experiment_id, variant_id, created_at)
  SELECT 'fn_b', 'pg_1', 'st_1', 'optin', 'server', 'exp_b', CASE i % 2 WHEN 0 THEN 'control' ELSE 'b' END, ${spread('i', 60000)} FROM n;
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 5999)
  INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, selected_timezone, funnel_id, step_id, created_at, updated_at)
  SELECT printf('ap_%05d', i), 'cal_b', 'loc_b', ${T0} + i * 1800000, ${T0} + i * 1800000 + 1800000, 'America/New_York', 'fn_b', 'st_2', ${spread('i', 6000)}, 0 FROM n;
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 14999)
  INSERT INTO orders (id, location_id, funnel_id, step_id, source, submission_type, status, currency, amount, idempotency_key, paid_at, created_at, updated_at)
  SELECT printf('or_%05d', i), 'loc_b', 'fn_b', CASE i % 3 WHEN 0 THEN 'st_3' ELSE 'st_2' END, 'funnel', 1, 'paid', CASE i % 5 WHEN 0 THEN 'EUR' ELSE 'USD' END, 4900, printf('k_%05d', i), ${spread('i', 15000)}, 0, 0 FROM n;
  INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) SELECT id, 'main', 'Course', 'one_time', amount, currency, 0 FROM orders WHERE funnel_id = 'fn_b';
  INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump) SELECT id, 'bump', 'Workbook', 'one_time', 0, currency, 1 FROM orders WHERE funnel_id = 'fn_b' AND CAST(substr(id, 4) AS INTEGER) % 3 = 1;
  ANALYZE;
`);
  const counters = db.sqlite
    .prepare(
      "SELECT kind, SUM(n) AS n, SUM(amount) AS amount, SUM(bumps) AS bumps FROM conversion_rollups WHERE funnel_id = 'fn_b' GROUP BY kind ORDER BY kind",
    )
    .all()
    .map((row) => `${row.kind} ${row.n}/${row.amount}/${row.bumps}`)
    .join(', ');
  const counted = db.sqlite
    .prepare(
      `SELECT 'booking' AS kind, COUNT(*) AS n, 0 AS amount, 0 AS bumps FROM appointments WHERE funnel_id = 'fn_b' AND status != 'cancelled'
     UNION ALL SELECT 'optin', COUNT(*), 0, 0 FROM funnel_events WHERE funnel_id = 'fn_b' AND source = 'server' AND event_type = 'optin'
     UNION ALL SELECT 'order', COUNT(*), SUM(amount), SUM(EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1)) FROM orders o WHERE funnel_id = 'fn_b' AND status = 'paid'
     ORDER BY kind`,
    )
    .all()
    .map((row) => `${row.kind} ${row.n}/${row.amount}/${row.bumps}`)
    .join(', ');
  const conversionRows = db.sqlite.prepare("SELECT COUNT(*) AS n FROM conversion_rollups WHERE funnel_id = 'fn_b'").get().n;
  console.log(
    `Conversion counters: ${conversionRows} hourly rows (${counters}); ${counters === counted ? 'equal to the brute-force count' : `DIFFERENT from the brute-force count (${counted})`}`,
  );
  if (counters !== counted) mismatches.push('conversion counters');
  db.close();
  console.log(`Seeded conversions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { mismatches, totalViews };
}

/** The views the reused state holds (BENCH_REUSE_STATE: no new seeding, no counter check). */
function storedViews() {
  const db = d1Over(join(d1Dir, file));
  const { n } = db.sqlite.prepare("SELECT SUM(views) AS n FROM view_rollups WHERE funnel_id = 'fn_b' AND step_id = ''").get();
  db.close();
  return n;
}
const { mismatches, totalViews } = REUSE ? { mismatches: [], totalViews: storedViews() } : await seedState();
if (REUSE) console.log(`Reusing ${STATE} (BENCH_REUSE_STATE): ${totalViews.toLocaleString('en')} views`);

/** CPU ms (user + system) the workerd processes of process group `group` have used so far, from /proc (Linux; 100 ticks a second). */
function workerdCpuMs(group) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (command.includes('workerd') && Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/**
 * BENCH_PROFILE=FILE: after the timed requests, BENCH_ROUNDS more are asked under the V8
 * CPU profiler of the worker's isolate (its inspector, on BENCH_PORT + 1); the profile is
 * written to FILE (.cpuprofile, for DevTools) and the functions with the most self time are printed.
 */
const PROFILE = process.env.BENCH_PROFILE;

/** Profiles `rounds` answers; writes the profile and prints the functions with the most self time. */
async function profileAnswers(inspector, ask, rounds) {
  const sessions = await inspectorSessions(inspector);
  for (const s of sessions) {
    await s.call('Profiler.enable');
    await s.call('Profiler.setSamplingInterval', { interval: 100 });
    await s.call('Profiler.start');
  }
  for (let i = 0; i < rounds; i++) await ask();
  const profiles = [];
  for (const s of sessions) {
    profiles.push((await s.call('Profiler.stop'))?.profile);
    s.close();
  }
  const profile = profiles.filter(Boolean).sort((a, b) => b.samples.length - a.samples.length)[0];
  if (!profile) return console.log('  (no profile)');
  writeFileSync(PROFILE, JSON.stringify(profile));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (hits.get(node.id) ?? 0));
  }
  const total = profile.samples.length;
  console.log(`  profile of ${rounds} answers written to ${PROFILE} (${total} samples); most self time:`);
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`);
}

const { server, served: starting } = startWorker(PORT, STATE, TOKEN, PROFILE ? { BENCH_INSPECTOR_PORT: String(PORT + 1) } : {});
let failed = mismatches.length > 0;
try {
  const served = await starting;
  const path = `/admin/v1/stats/funnels/fn_b?from=${dayOf(T0)}&to=${dayOf(T0 + (DAYS - 1) * DAY_MS)}`;
  const ask = async () => {
    const res = await fetch(`${served.workerd}${path}`, { headers: { ...served.headers, authorization: `Bearer ${TOKEN}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const first = await ask();
  // BENCH_ANSWER=FILE keeps the answer, to compare two builds' answers over the same state.
  if (process.env.BENCH_ANSWER) writeFileSync(process.env.BENCH_ANSWER, `${JSON.stringify(first, null, 1)}\n`);
  const answered = first.totals.views;
  console.log(
    `\nStatistics of one funnel over ${first.days.length} days: ${answered.toLocaleString('en')} views, ${first.totals.optins} opt-ins, ${first.totals.orders} orders`,
  );
  if (first.totals.optins !== 60000 || first.totals.bookings !== 6000 || first.totals.orders !== 15000) {
    console.log(
      `  the API answers ${first.totals.optins} opt-ins, ${first.totals.bookings} bookings, ${first.totals.orders} orders: 60000, 6000, 15000 were stored`,
    );
    failed = true;
  }
  if (answered !== totalViews) {
    console.log(`  the API answers ${answered} views, the rollups hold ${totalViews}`);
    failed = true;
  }
  const times = [];
  const cpuBefore = workerdCpuMs(server.pid);
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await ask();
    times.push(performance.now() - start);
  }
  const cpuPerAnswer = (workerdCpuMs(server.pid) - cpuBefore) / ROUNDS;
  times.sort((a, b) => a - b);
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const ok = at(0.95) <= BUDGET_MS;
  console.log(`  ${ROUNDS} requests: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (budget p95 <= ${BUDGET_MS} ms) ${ok ? 'ok' : 'OVER BUDGET'}`);
  console.log(`  load average ${one} ${five} ${fifteen} on ${availableParallelism()} cores (a shared machine's figures are slower than its own)`);
  console.log(
    `  workerd CPU per answer: ${cpuPerAnswer.toFixed(1)} ms (user + system, /proc, over the ${ROUNDS} requests: the answer's time on a machine of its own) ${cpuPerAnswer <= BUDGET_MS ? 'within' : 'OVER'} ${BUDGET_MS} ms`,
  );
  failed ||= !ok;
  if (PROFILE) await profileAnswers(served.inspector, ask, ROUNDS);
} finally {
  process.kill(-server.pid);
}
process.exitCode = failed ? 1 : 0;
