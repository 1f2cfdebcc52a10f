/**
 * `npm run bench:dashboard`: the seller's dashboard (issue 29) against its budgets, on the
 * built worker with its own throw-away local D1 (.bench-dashboard-state) holding 100,000
 * contacts:
 *  - JavaScript at load of every screen, gzip (budget <= 150 KB): each script Chromium loads
 *    for the screen, fetched and gzipped here (the dev server does not compress), summed;
 *  - the Leads screen's first page, p95 (budget <= 300 ms): its HTML, then the two calls it
 *    makes (the catalog and the first 50 contacts), as the browser makes them, with the
 *    session cookie.
 * It builds unless BENCH_SKIP_BUILD is set. BENCH_ROUNDS sets the Leads rounds (50), BENCH_PORT the port (8797).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startWorker } from './start-worker.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const STATE = '.bench-dashboard-state';
const TOKEN = 'bench-dashboard-token-8c41d7';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const CONTACTS = 100_000;
const JS_BUDGET = 150 * 1024;
const LEADS_BUDGET_MS = 300;
const T0 = Date.UTC(2026, 0, 1);
const SCREENS = ['/admin', '/admin/leads', '/admin/leads/ct_000001', '/admin/bookings', '/admin/orders', '/admin/tests', '/admin/webhooks', '/admin/content'];
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });

const SEED = `
INSERT INTO locations (id, name, created_at, updated_at) VALUES ('loc_bench', 'Bench', 0, 0);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONTACTS})
INSERT INTO contacts (id, location_id, email, phone, full_name, source, created_at, updated_at)
SELECT printf('ct_%06d', i), 'loc_bench', printf('lead%06d@example.com', i), printf('+1202%07d', i), printf('Lead %d', i), 'form', ${T0} + i * 1000, ${T0} + i * 1000 FROM n;
`;

if (!process.env.BENCH_SKIP_BUILD) run('astro', ['build']);
rmSync(STATE, { recursive: true, force: true });
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--command', SEED.replace(/\n/g, ' ')]);
console.log(`Seeded ${CONTACTS} contacts`);

const { server, served: starting } = startWorker(PORT, STATE, TOKEN);
const served = await starting;
// Requests go straight to workerd: wrangler's dev proxy rewrites every HTML answer for live reload (bench/serve.mjs).
const origin = served.workerd;
const proxyHeaders = served.headers;

/** Signs in as the dashboard does and answers the session cookie. */
async function sessionCookie() {
  const res = await fetch(`${origin}/admin/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...proxyHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: TOKEN }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('ef_admin=')) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

const p = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function javascriptAtLoad(cookie) {
  console.log(`\nJavaScript at load, gzip (budget <= ${JS_BUDGET / 1024} KB)`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const [name, value] = cookie.split('=');
  let worst = 0;
  try {
    for (const path of SCREENS) {
      const context = await browser.newContext();
      await context.addCookies([{ name, value, url: `${served.origin}/admin` }]);
      const page = await context.newPage();
      const scripts = new Set();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(res.url());
      });
      // The browser goes through wrangler's proxy, as `npm start` serves it; the scripts are static files either way.
      await page.goto(`${served.origin}${path}`, { waitUntil: 'networkidle' });
      let bytes = 0;
      for (const url of scripts) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
      worst = Math.max(worst, bytes);
      console.log(`  ${path.padEnd(26)} ${scripts.size} files, ${(bytes / 1024).toFixed(1)} KB ${bytes <= JS_BUDGET ? 'ok' : 'OVER BUDGET'}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return worst;
}

async function leadsFirstPage(cookie) {
  console.log(`\nLeads, first page with ${CONTACTS} contacts: the HTML, then the catalog and 50 contacts (budget p95 <= ${LEADS_BUDGET_MS} ms)`);
  const get = async (path) => {
    const res = await fetch(`${origin}${path}`, { headers: { ...proxyHeaders, cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const times = [];
  const parts = { html: [], catalog: [], contacts: [] };
  const timed = async (part, path) => {
    const start = performance.now();
    await get(path);
    parts[part].push(performance.now() - start);
  };
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await timed('html', '/admin/leads');
    await Promise.all([timed('catalog', '/admin/v1/catalog'), timed('contacts', '/admin/v1/contacts?limit=50')]);
    times.push(performance.now() - start);
  }
  for (const [part, list] of Object.entries(parts)) {
    list.sort((a, b) => a - b);
    console.log(`  ${part.padEnd(9)} p50 ${p(list, 0.5).toFixed(1)} ms, p95 ${p(list, 0.95).toFixed(1)} ms`);
  }
  times.sort((a, b) => a - b);
  const p95 = p(times, 0.95);
  console.log(`  p50 ${p(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${p95 <= LEADS_BUDGET_MS ? 'ok' : 'OVER BUDGET'}`);
  return p95;
}

try {
  const cookie = await sessionCookie();
  const worst = await javascriptAtLoad(cookie);
  const p95 = await leadsFirstPage(cookie);
  console.log(`\nDashboard: worst screen ${(worst / 1024).toFixed(1)} KB of JavaScript; Leads first page p95 ${p95.toFixed(1)} ms`);
  if (worst > JS_BUDGET || p95 > LEADS_BUDGET_MS) process.exitCode = 1;
} finally {
  // wrangler's workerd child goes with its process group.
  process.kill(-server.pid, 'SIGTERM');
}
