/**
 * `npm run bench:split`: the split-test assignment (src/lib/experiments/assign.ts) as the edge
 * runs it (src/serving/experiment.ts), on simulated visitors, each figure beside its budget:
 *  - 100,000 visitors at 50/50 and at 10/90: each variant's share within ±1 point of its
 *    weight, and the sample-ratio-mismatch check (src/lib/experiments/stats.ts) quiet;
 *  - one visitor viewing 100 times sees one variant;
 *  - raising B from 10 % to 50 % moves nobody already in B (by bucket alone, before any cookie);
 *  - on the built worker (its own throw-away local state, the demo data imported), the edge-hit
 *    throughput of /accelerator, whose split test is running, for new visitors (no cookie:
 *    assigned, two Set-Cookie) and returning ones (their variant cookie), and of a step
 *    without a test, each beside a static asset of the same worker in alternating rounds
 *    (./throughput.mjs; budget >= 0.8x), with the machine's load average.
 * It builds unless BENCH_SKIP_BUILD is set; BENCH_SKIP_THROUGHPUT leaves the worker part out.
 * Exits non-zero when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { importFolder } from '../scripts/lib/import-docs.mjs';
import { chooseVariant } from '../src/lib/experiments/assign.ts';
import { SRM_THRESHOLD, sampleRatioMismatch } from '../src/lib/experiments/stats.ts';
import { BROWSER_UA, get, splitVisitors } from './split-visitors.mjs';
import { startWorker } from './start-worker.mjs';
import { throughput } from './throughput.mjs';

const VISITORS = Number(process.env.BENCH_SPLIT_VISITORS ?? 100_000);
const visitors = Array.from({ length: VISITORS }, () => randomUUID());

const test = (weights) => ({
  id: 'exp_bench',
  salt: `salt_${randomUUID().slice(0, 8)}`,
  status: 'running',
  controlPageId: 'pg_a',
  variants: [
    { id: 'a', pageId: 'pg_a', weight: weights[0] },
    { id: 'b', pageId: 'pg_b', weight: weights[1] },
  ],
});

const failures = [];
const check = (ok, line) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok) failures.push(line);
};

async function split(weights) {
  const experiment = test(weights);
  const counts = { a: 0, b: 0 };
  const started = performance.now();
  for (const visitor of visitors) counts[(await chooseVariant(experiment, visitor)).id] += 1;
  const ms = performance.now() - started;
  const total = weights[0] + weights[1];
  const srm = sampleRatioMismatch([
    { visitors: counts.a, weight: weights[0] },
    { visitors: counts.b, weight: weights[1] },
  ]);
  for (const [k, id] of ['a', 'b'].entries()) {
    const share = (100 * counts[id]) / VISITORS;
    const expected = (100 * weights[k]) / total;
    check(Math.abs(share - expected) <= 1, `${weights.join('/')}: ${id} got ${share.toFixed(2)} % of ${VISITORS} (weight ${expected} %, budget ±1 point)`);
  }
  check(
    !srm.mismatch,
    `${weights.join('/')}: SRM chi-square ${srm.chiSquare.toFixed(3)}, p = ${srm.pValue.toFixed(4)} (flagged below p ${SRM_THRESHOLD}): quiet`,
  );
  console.log(`     ${((VISITORS / ms) * 1000).toFixed(0)} assignments/s`);
  return experiment;
}

await split([50, 50]);
const tenNinety = await split([90, 10]);

// One visitor, 100 views, with the cookie the edge would set after the first.
{
  const experiment = test([50, 50]);
  const visitor = randomUUID();
  const seen = new Set();
  let cookie = null;
  for (let view = 0; view < 100; view++) {
    const variant = await chooseVariant(experiment, visitor, cookie);
    seen.add(variant.id);
    cookie = variant.id;
  }
  const bucketOnly = new Set();
  for (let view = 0; view < 100; view++) bucketOnly.add((await chooseVariant(experiment, visitor)).id);
  check(
    seen.size === 1 && bucketOnly.size === 1,
    `100 views of one visitor: ${[...seen].join(', ')} (with cookie), ${[...bucketOnly].join(', ')} (without): one variant`,
  );
}

// Raising B from 10 % to 50 %: everyone in B stays, and B's new visitors come from A only.
{
  const raised = { ...tenNinety, variants: tenNinety.variants.map((v) => ({ ...v, weight: 50 })) };
  let inB = 0;
  let moved = 0;
  let joined = 0;
  for (const visitor of visitors) {
    const before = (await chooseVariant(tenNinety, visitor)).id;
    const after = (await chooseVariant(raised, visitor)).id;
    if (before === 'b') {
      inB += 1;
      if (after !== 'b') moved += 1;
    } else if (after === 'b') joined += 1;
  }
  check(moved === 0, `raising B from 10 % to 50 %: ${moved} of ${inB} visitors in B moved (budget 0); ${joined} joined B from A`);
}

// Edge hits with the test running, beside a static asset and a step without a test.
if (!process.env.BENCH_SKIP_THROUGHPUT) {
  const PORT = Number(process.env.BENCH_PORT ?? 8799);
  const ORIGIN = `http://127.0.0.1:${PORT}`;
  const STATE = '.bench-split-state';
  const TOKEN = 'bench-split-token-5e0a27';
  const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });
  if (!process.env.BENCH_SKIP_BUILD) run('astro', ['build']);
  rmSync(STATE, { recursive: true, force: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
  const { server, served } = startWorker(PORT, STATE, TOKEN);
  try {
    const { workerd, headers } = await served;
    await importFolder({ root: 'scripts/demo-data', url: ORIGIN, token: TOKEN });
    // The first view renders and stores the edge copy; the next must be a hit.
    for (const path of ['/', '/accelerator']) {
      await get(`${ORIGIN}${path}`, 'localhost', { 'user-agent': BROWSER_UA });
      await new Promise((r) => setTimeout(r, 300));
    }
    const plain = await get(`${ORIGIN}/`, 'localhost', { 'user-agent': BROWSER_UA });
    if (plain['x-edge-cache'] !== 'hit') console.log('  localhost/: the second view was NOT an edge hit');
    const returning = await splitVisitors(`${ORIGIN}/accelerator`, 'localhost');
    const asset = (await (await fetch(`${ORIGIN}/?domain=localhost`)).text()).match(/\/_astro\/[^"']+\.js/)?.[0];
    const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
    console.log(
      `\nEdge-hit throughput at 20 connections beside the static asset ${asset} (median of alternating 2 s rounds, straight to workerd; load average ${one} ${five} ${fifteen} on ${availableParallelism()} cores):`,
    );
    const pages = [
      { label: 'localhost/ (no test)', path: '/', headers: { 'user-agent': BROWSER_UA } },
      { label: 'localhost/accelerator split, new', path: '/accelerator', headers: { 'user-agent': BROWSER_UA } },
      { label: 'localhost/accelerator split, returning', path: '/accelerator', headers: { 'user-agent': BROWSER_UA, cookie: returning } },
    ];
    for (const row of await throughput(
      `${workerd}${asset}`,
      pages.map((page) => ({ ...page, host: 'localhost', url: `${workerd}${page.path}` })),
      { headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' } },
    )) {
      check(
        row.ratio >= 0.8,
        `${row.label.padEnd(38)} ${row.rps.toFixed(0).padStart(5)} req/s  static ${row.reference.toFixed(0).padStart(5)} req/s  ${row.ratio.toFixed(2)}x (budget >= 0.8x)`,
      );
    }
    console.log(
      `     load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    process.kill(-server.pid);
  }
}

if (failures.length > 0) {
  console.error(`\n${failures.length} budget(s) missed`);
  process.exit(1);
}
