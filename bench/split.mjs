/**
 * `npm run bench:split`: the split-test assignment (src/lib/experiments/assign.ts) as the edge
 * runs it (src/serving/experiment.ts), on simulated visitors, each figure beside its budget:
 *  - 100,000 visitors at 50/50 and at 10/90: each variant's share within ±1 point of its
 *    weight, and the sample-ratio-mismatch check (src/lib/experiments/stats.ts) quiet;
 *  - one visitor viewing 100 times sees one variant;
 *  - raising B from 10 % to 50 % moves nobody already in B (by bucket alone, before any cookie).
 * Pure computation: no worker, no database. Exits non-zero when a budget is missed.
 */
import { randomUUID } from 'node:crypto';
import { chooseVariant } from '../src/lib/experiments/assign.ts';
import { SRM_THRESHOLD, sampleRatioMismatch } from '../src/lib/experiments/stats.ts';

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

if (failures.length > 0) {
  console.error(`\n${failures.length} budget(s) missed`);
  process.exit(1);
}
