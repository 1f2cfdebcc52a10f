/**
 * `npm run bench:results`: the results API (issue 27) against its budgets, on the built
 * worker with its own throw-away local D1 (.bench-results-state):
 *  - 100,000 contacts and 200,000 submissions, generated inside SQLite, each submission with
 *    a first and last touch and one in four with a consent record, as ad traffic leaves them;
 *  - p95 of a page of 100 at several depths (budget <= 30 ms), contacts and one form's
 *    submissions, each depth reached by its own signed cursor; and of text searches (`q`)
 *    matching many, a few and no contacts (a zero-match search too must answer in budget);
 *  - a CSV and an NDJSON export of every submission, streamed and counted (budget >= 20,000
 *    rows/s), with the isolate's used V8 heap (through the worker's inspector) sampled as the
 *    rows stream in: its floor in each quarter of the rows must stay flat, at most 16 MB over
 *    what it held before (the export streams batch by batch); the workerd process's resident
 *    memory is printed beside it for information.
 * The machine it runs on may be busy: beside each wall-clock figure it prints workerd's CPU
 * time (per page, and rows per CPU second for the exports) and the load average.
 * It builds unless BENCH_SKIP_BUILD is set. BENCH_ROUNDS sets the requests per depth (50);
 * BENCH_ONLY=export skips the pages, BENCH_ONLY=search times the text searches alone.
 * BENCH_PORT (8796) is the worker's port, the inspector listens on the next one. Requests go
 * straight to workerd (bench/serve.mjs says why not through the dev proxy).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { inspectorSessions } from './inspector.mjs';
import { startWorker } from './start-worker.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const STATE = '.bench-results-state';
const TOKEN = 'bench-results-token-5b0e2a';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const CONTACTS = 100_000;
const SUBMISSIONS = 200_000;
const T0 = Date.UTC(2026, 0, 1);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });

const form = {
  id: 'fm_bench',
  locationId: 'loc_bench',
  name: 'Bench form',
  form: {
    fields: [
      { tag: 'full_name', label: 'Your name' },
      { tag: 'goal', label: 'Your goal' },
    ],
  },
};
/** A stored touch as the edge writes one: an ad click's campaign, click id, referrer and landing page. */
const touch = (i, campaign = 'spring') =>
  `json_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', '${campaign}', 'gclid', printf('Cj0KCQiA%08d', ${i}), 'referrer', 'https://www.google.com/', 'landing', 'https://shop.example.com/?utm_source=google', 'at', ${T0} + ${i} * 500 - 60000)`;
const SEED = `
INSERT INTO locations (id, name, created_at, updated_at) VALUES ('loc_bench', 'Bench', 0, 0);
INSERT INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES ('fm_bench', 'loc_bench', 'Bench form', '${JSON.stringify(form)}', 0, 0);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONTACTS})
INSERT INTO contacts (id, location_id, email, phone, full_name, source, created_at, updated_at)
SELECT printf('ct_%06d', i), 'loc_bench', printf('lead%06d@example.com', i), printf('+1202%07d', i), printf('Lead %d', i), 'form', ${T0} + i * 1000, ${T0} + i * 1000 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBMISSIONS})
INSERT INTO submissions (id, kind, ref_id, location_id, contact_id, data, first_touch, last_touch, created_at)
SELECT printf('sb_%06d', i), 'form', 'fm_bench', 'loc_bench', printf('ct_%06d', (i % ${CONTACTS}) + 1),
  json_object('values', json_object('full_name', printf('Lead %d', (i % ${CONTACTS}) + 1), 'goal', 'Grow, "fast"')),
  ${touch('i')}, ${touch('i', 'retarget')}, ${T0} + i * 500 FROM n;
WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 4 FROM n WHERE i + 4 <= ${SUBMISSIONS})
INSERT INTO consent_records (id, contact_id, location_id, subject_kind, subject_id, text, text_sha256, checks, created_at)
SELECT printf('cr_%06d', i), printf('ct_%06d', (i % ${CONTACTS}) + 1), 'loc_bench', 'form', printf('sb_%06d', i), 'I agree to be contacted.',
  '${'0'.repeat(64)}', '[{"field":"consent","checked":true}]', ${T0} + i * 500 FROM n;
`;

if (!process.env.BENCH_SKIP_BUILD) run('astro', ['build']);
rmSync(STATE, { recursive: true, force: true });
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
const started = performance.now();
run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--command', SEED.replace(/\n/g, ' ')]);
console.log(`Seeded ${CONTACTS} contacts and ${SUBMISSIONS} submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** The workerd processes of the worker's process group (wrangler's runtime, where the isolate lives). */
function workerdPids(group) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group && readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'workerd') pids.push(Number(name));
    } catch {}
  }
  return pids;
}

/**
 * Anonymous resident memory of these processes in MB (Linux /proc: RssAnon, the heap where
 * the isolate lives; file pages of the database mapped in are not the export's memory).
 */
function residentMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

/** CPU seconds (user and system) these processes have used, from /proc: all their threads, the local D1's included. */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  // USER_HZ is 100 on Linux.
  return ticks / 100;
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * The used V8 heap of the worker's isolates in MB, read through the inspector
 * (Runtime.getHeapUsage on every target wrangler's inspector lists), or null without one.
 */
async function heapProbe(inspector) {
  if (!inspector) return null;
  try {
    const sockets = await inspectorSessions(inspector);
    return {
      async usedMb() {
        const answers = await Promise.all(sockets.map((s) => s.call('Runtime.getHeapUsage')));
        return answers.reduce((mb, a) => mb + (a?.usedSize ?? 0), 0) / 1048576;
      },
      close: () => {
        for (const s of sockets) s.close();
      },
    };
  } catch (err) {
    console.log(`(no inspector: ${err?.message ?? err?.type ?? err})`);
    return null;
  }
}

const { server, served: starting } = startWorker(PORT, STATE, TOKEN, { BENCH_INSPECTOR_PORT: String(PORT + 1) });
const served = await starting;
const pids = workerdPids(server.pid);

const get = async (path) => {
  const res = await fetch(`${served.workerd}/admin/v1${path}`, { headers: { ...served.headers, authorization: `Bearer ${TOKEN}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
};

/** Cursors at each depth, read by walking 500 at a time. */
async function cursorsAt(base, depths) {
  const found = new Map([[0, null]]);
  let cursor = null;
  for (let read = 0; read < Math.max(...depths); read += 500) {
    const body = await (await get(`${base}&limit=500${cursor ? `&cursor=${cursor}` : ''}`)).json();
    cursor = body.next_cursor;
    if (depths.includes(read + 500)) found.set(read + 500, cursor);
  }
  return found;
}

async function pageTimes(label, base, depths) {
  console.log(`\n${label}: a page of 100, ${ROUNDS} requests per depth (budget p95 <= 30 ms; load average ${loadAverage()})`);
  for (const [depth, cursor] of await cursorsAt(base, depths)) {
    const times = [];
    const cpuBefore = cpuSeconds(pids);
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await (await get(`${base}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)).arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.floor(0.95 * times.length))];
    // workerd's CPU time per page (the worker and the local D1): what it costs whatever else the machine runs.
    const cpuMs = ((cpuSeconds(pids) - cpuBefore) * 1000) / ROUNDS;
    console.log(
      `  depth ${String(depth).padStart(6)}: p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${p95 <= 30 ? 'ok' : 'OVER BUDGET'}; workerd CPU ${cpuMs.toFixed(1)} ms a page`,
    );
  }
}

/**
 * One export of every submission, streamed and counted: rows/s against the budget, and the
 * isolate's used heap at each quarter of the rows against what it held before.
 */
async function exportOnce(format, heap, pids) {
  const heapBefore = heap ? await heap.usedMb() : null;
  // The heap is sampled while the rows stream in; its floor in each quarter of the rows (just
  // after a collection) is what the isolate holds, its peaks are garbage not yet collected.
  const samples = [];
  let lines = 0;
  let sampling = false;
  const heapSampler = setInterval(async () => {
    if (!heap || sampling) return;
    sampling = true;
    const at = lines;
    samples.push({ at, mb: await heap.usedMb() });
    sampling = false;
  }, 100);
  const before = residentMb(pids);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pids));
  }, 50);
  const quarters = [];
  const cpuBefore = cpuSeconds(pids);
  const started = performance.now();
  const res = await get(`/submissions/export?format=${format}&form_id=fm_bench`);
  for await (const chunk of res.body) {
    for (const byte of chunk) if (byte === 10) lines++;
    if (lines >= ((quarters.length + 1) * SUBMISSIONS) / 4) quarters.push(residentMb(pids));
  }
  clearInterval(sampler);
  clearInterval(heapSampler);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pids) - cpuBefore;
  // CSV has a header line; NDJSON has none.
  const rows = format === 'csv' ? lines - 1 : lines;
  const rate = rows / seconds;
  console.log(
    `\n${format.toUpperCase()} export of ${rows} submissions: ${seconds.toFixed(1)} s, ${Math.round(rate)} rows/s (budget >= 20,000) ${rate >= 20_000 ? 'ok' : 'OVER BUDGET'} (load average ${loadAverage()})`,
  );
  // What the rate is made of, whatever else the machine runs: workerd's CPU time (the worker and the local D1 together).
  if (pids.length > 0)
    console.log(
      `  workerd used ${cpu.toFixed(1)} CPU s: ${Math.round(rows / cpu)} rows per CPU second, what one idle core would stream (budget >= 20,000) ${rows / cpu >= 20_000 ? 'ok' : 'OVER BUDGET'}`,
    );
  if (heap && heapBefore !== null && samples.length > 0) {
    const inQuarter = (q) => samples.filter((s) => s.at >= (q * SUBMISSIONS) / 4 && s.at < ((q + 1) * SUBMISSIONS) / 4).map((s) => s.mb);
    const floors = [0, 1, 2, 3].map((q) => (inQuarter(q).length ? Math.min(...inQuarter(q)) : Number.NaN));
    const highest = Math.max(...samples.map((s) => s.mb));
    const over = Math.max(...floors.filter(Number.isFinite)) - heapBefore;
    // Flat: what the isolate holds never grows with the rows, at most a few batches over what it held before.
    console.log(
      `  isolate heap (V8 used, MB, ${samples.length} samples): before ${heapBefore.toFixed(1)}; lowest in each quarter of the rows ${floors.map((mb) => mb.toFixed(1)).join(' / ')}, ` +
        `at most ${over.toFixed(1)} MB over the start (budget <= 16, flat whatever the row count) ${over <= 16 ? 'ok' : 'OVER BUDGET'}; highest ${highest.toFixed(1)} with garbage not yet collected`,
    );
  }
  if (pids.length > 0) {
    const growth = (quarters.at(-1) ?? peak) - (quarters[0] ?? before);
    // For information: the whole workerd process, which also runs the local D1 (SQLite's caches grow as it reads).
    console.log(
      `  workerd process (anonymous resident, MB, local D1 included): before ${before.toFixed(0)}, at each quarter ${quarters.map((mb) => mb.toFixed(0)).join(' / ')}, peak ${peak.toFixed(0)}, ${growth.toFixed(1)} MB from the first quarter to the end`,
    );
  }
}

console.log(`Load average ${loadAverage()} on ${availableParallelism()} cores`);
try {
  // BENCH_ONLY=export skips the page timings; BENCH_ONLY=search times the text searches alone.
  if (process.env.BENCH_ONLY === 'search') await searchTimings();
  else {
    if (process.env.BENCH_ONLY !== 'export') await pageTimings();
    await exportsOf();
  }
} finally {
  // wrangler's workerd child goes with its process group.
  process.kill(-server.pid, 'SIGTERM');
}

async function pageTimings() {
  await pageTimes('Contacts', '/contacts?location_id=loc_bench', [0, 10_000, 50_000, 99_500]);
  await pageTimes("One form's submissions", '/submissions?form_id=fm_bench', [0, 50_000, 100_000, 199_500]);
  await searchTimings();
}

async function searchTimings() {
  // The text search reads the contacts_search index (src/platform/results/search.ts): many matches are read with the LIKE
  // as the page fills, a few are listed through the index and joined first, none answer at once.
  await pageTimes('Contacts searched, one in nine matching (q=lead%209)', '/contacts?q=lead%209', [0, 5_000]);
  await pageTimes('Contacts searched, ten matching (q=lead00012)', '/contacts?q=lead00012', [0]);
  await pageTimes('Contacts searched, nothing matching (q=nobody)', '/contacts?q=nobody', [0]);
  await pageTimes("One form's submissions searched, twenty matching (q=lead00012)", '/submissions?form_id=fm_bench&q=lead00012', [0]);
  await pageTimes("One form's submissions searched, nothing matching (q=nobody)", '/submissions?form_id=fm_bench&q=nobody', [0]);
}

async function exportsOf() {
  const heap = await heapProbe(served.inspector);
  for (const format of ['csv', 'ndjson']) await exportOnce(format, heap, pids);
  heap?.close();
  if (pids.length === 0) console.log('Memory during the exports: no workerd process found (Linux /proc only)');
}
