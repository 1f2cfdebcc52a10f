/**
 * `npm run bench:outbox`: what writing the webhook outbox rows adds to a submission (issue 27,
 * budget <= 2 ms at the p50), on the built worker in workerd with a throw-away local D1
 * (.bench-outbox-state). The same call is timed with nobody listening (the endpoint stored
 * but inactive) and with an endpoint subscribed (active but paused, so its events and
 * dispatches are written in the record's D1 batch and nothing is sent meanwhile), in
 * alternating blocks so the machine's drift touches both alike:
 *  - a form submission (`POST /api/form`, a fresh form token each), whose batch then also
 *    writes `form.submitted` and `contact.created`;
 *  - an opt-in (`POST /api/contact`), which writes `contact.created`.
 * It prints each p50, their difference against the budget, workerd's CPU time per call and
 * the load average. It builds unless BENCH_SKIP_BUILD is set; BENCH_ROUNDS sets the calls
 * per side and kind (400).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { startWorker } from './start-worker.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 9150);
const STATE = '.bench-outbox-state';
const TOKEN = 'bench-outbox-token-8d2f41';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const BLOCK = 25;
const BUDGET_MS = 2;
/** The spam defence's minimum fill time (src/lib/spam-defence.ts MIN_FILL_MS), and a margin. */
const FILL_WAIT_MS = 2_500;
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const FORM = {
  id: 'fm_bench',
  locationId: 'loc_bench',
  name: 'Bench form',
  form: { fields: [{ tag: 'email', label: 'Email', type: 'email', required: true }] },
};

if (!process.env.BENCH_SKIP_BUILD) run('astro', ['build']);
rmSync(STATE, { recursive: true, force: true });
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
run('wrangler', [
  'd1',
  'execute',
  'DB',
  '--local',
  '--persist-to',
  STATE,
  '--command',
  `INSERT INTO locations (id, name, country, timezone, doc, created_at, updated_at) VALUES ('loc_bench', 'Bench', 'US', 'America/New_York', '{"id":"loc_bench","name":"Bench"}', 0, 0);
   INSERT INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES ('fm_bench', 'loc_bench', 'Bench form', '${JSON.stringify(FORM)}', 0, 0);`,
]);

process.env.BENCH_WORKER_VARS = JSON.stringify({ WEBHOOKS_ALLOW_LOCALHOST: 'true', RATE_LIMIT_SCALE: '100000' });
const { server, served: starting } = startWorker(PORT, STATE, TOKEN);
const served = await starting;

/** CPU seconds (user and system) of the worker's workerd processes, from /proc (Linux), or null elsewhere. */
function workerdCpu() {
  let ticks = 0;
  let found = false;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== server.pid || readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'workerd') continue;
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {}
  }
  return found ? ticks / 100 : null;
}

async function call(method, path, body, type = 'application/json') {
  const res = await fetch(`${served.workerd}${path}`, {
    method,
    headers: { ...served.headers, authorization: `Bearer ${TOKEN}`, ...(type ? { 'content-type': type } : {}) },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text;
}
const endpoint = (state) =>
  call(
    'PUT',
    '/admin/v1/webhooks/wh_bench',
    JSON.stringify({ id: 'wh_bench', url: 'http://127.0.0.1:9/hooks', events: ['contact.created', 'form.submitted'], ...state }),
  );

let leads = 0;
const tokens = [];
/** Form tokens issued now, used after the minimum fill time. */
async function issueTokens(n) {
  const batch = await Promise.all(
    Array.from({ length: n }, async () => JSON.parse(await call('GET', '/api/widget-token?kind=form&id=fm_bench', undefined, null)).token),
  );
  tokens.push(...batch);
}
const KINDS = {
  'form submission (form.submitted and contact.created)': async () => {
    leads += 1;
    const body = new FormData();
    body.set('formData', JSON.stringify({ formId: 'fm_bench', email: `lead${leads}@bench.example.com`, formToken: tokens.pop() }));
    const started = performance.now();
    await call('POST', '/api/form', body, null);
    return performance.now() - started;
  },
  'opt-in (contact.created)': async () => {
    leads += 1;
    const body = JSON.stringify({ location_id: 'loc_bench', name: 'Bench Lead', email: `lead${leads}@bench.example.com` });
    const started = performance.now();
    await call('POST', '/api/contact', body);
    return performance.now() - started;
  },
};
const p50 = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

let over = false;
try {
  console.log(`Load average ${loadAverage()} on ${availableParallelism()} cores`);
  // Every form submission's token, fetched before the timing and old enough once it starts.
  for (let i = 0; i < 2 * ROUNDS + 20; i += 50) await issueTokens(Math.min(50, 2 * ROUNDS + 20 - i));
  await new Promise((resolve) => setTimeout(resolve, FILL_WAIT_MS));
  for (const [label, once] of Object.entries(KINDS)) {
    for (let i = 0; i < 10; i++) await once();
    const sides = { base: { times: [], cpu: 0 }, outbox: { times: [], cpu: 0 } };
    for (let block = 0; block < ROUNDS / BLOCK; block++) {
      for (const [side, state] of [
        ['base', { active: false }],
        ['outbox', { active: true, paused: true }],
      ]) {
        await endpoint(state);
        const cpuBefore = workerdCpu();
        for (let i = 0; i < BLOCK; i++) sides[side].times.push(await once());
        sides[side].cpu += (workerdCpu() ?? 0) - (cpuBefore ?? 0);
      }
    }
    const cost = p50(sides.outbox.times) - p50(sides.base.times);
    over ||= cost > BUDGET_MS;
    const cpuMs = (side) => ((sides[side].cpu * 1000) / sides[side].times.length).toFixed(1);
    console.log(`\n${label}, ${ROUNDS} each side (load average ${loadAverage()}):`);
    console.log(`  p50 ${p50(sides.base.times).toFixed(2)} ms with nobody listening, ${p50(sides.outbox.times).toFixed(2)} ms writing its outbox rows`);
    console.log(`  workerd CPU ${cpuMs('base')} ms and ${cpuMs('outbox')} ms a call`);
    console.log(`  ${cost <= BUDGET_MS ? 'ok' : 'OVER BUDGET'}: the outbox rows add ${cost.toFixed(2)} ms to the p50 (budget <= ${BUDGET_MS} ms)`);
  }
} finally {
  // wrangler's workerd child goes with its process group.
  process.kill(-server.pid, 'SIGTERM');
}
process.exit(over ? 1 : 0);
