#!/usr/bin/env node
/**
 * npm start: one command from a fresh clone (after `npm install`) to a running site.
 *   1. .dev.vars gets a random ADMIN_TOKEN when it has none (never a default token).
 *   2. astro build.
 *   3. The local D1 database (.wrangler/state) gets every migration (wrangler, non-interactive).
 *   4. `wrangler dev` serves the built worker in workerd on http://127.0.0.1:8787 (or the
 *      port in PORT), as in
 *      production: no proxy in front, so any Host reaches the worker (a custom domain row
 *      is served by Host) and a refused body never disturbs the next request.
 *      `GET /cdn-cgi/handler/scheduled` runs the cron trigger's sweeps on demand (the
 *      built worker is not bundled again, so wrangler's /__scheduled is not there).
 *   5. Once it answers the admin status call (which proves the token reached the worker),
 *      the demo data is completed: missing documents stored, unpublished demo pages
 *      published, then every document read back. If that fails, the start says what
 *      failed and exits non-zero.
 *   6. The demo URLs are printed; the server runs until Ctrl-C, which is passed on to it.
 */
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { formatUrls, previewUrlsOf, visitorUrls } from './lib/demo-urls.mjs';
import { ensureAdminToken, ensureDevVar } from './lib/dev-vars.mjs';
import { listenPort } from './lib/listen-port.mjs';
import { formatSync, syncDemo } from './lib/demo-sync.mjs';
import { readDocuments } from './lib/import-docs.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureModernNode(import.meta.url, root);
process.chdir(root);

const PORT = listenPort(process.env.PORT);
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;
const DEMO_DATA = resolve(root, 'scripts/demo-data');
const DEV_VARS = resolve(root, '.dev.vars');
const STATE = '.wrangler/state';
// Printed by miniflare at every start when offline; harmless (it falls back to a placeholder).
const NOISE = [
  /Unable to fetch the `?Request\.cf`? object/,
  /getaddrinfo ENOTFOUND workers\.cloudflare\.com/,
  /^\s+at .*node:dns/,
  // Printed before the first request: src/fetch.ts ends in astro(), which runs sessions,
  // actions and middleware itself and marks them used only once a request arrives.
  /Your project uses \w+, but your custom src\/fetch\.ts does not call/,
];
// While starting, the admin calls of the status check and the demo import are summarised instead.
const ADMIN_LOG = /^(?:\[wrangler:\w+\] )?(?:GET|PUT|POST|DELETE) \/admin\/v1\//;
let starting = true;

/** Runs a tool of node_modules with this Node, so the system's older Node on PATH never does. */
function tool(name, args, options = {}) {
  const script = realpathSync(resolve(root, 'node_modules/.bin', name));
  return spawn(process.execPath, [script, ...args], {
    stdio: options.stdio ?? 'inherit',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', ASTRO_TELEMETRY_DISABLED: '1', ...options.env },
  });
}

function run(name, args) {
  return new Promise((done, fail) => {
    const child = tool(name, args);
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`${name} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

function portIsFree(port, host) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });
}

// wrangler lists every module of the build at start: a long table that says nothing to a user.
const MODULE_TABLE = /^Attaching additional modules:|^[┌├│└]/;

function pipeFiltered(stream, out) {
  createInterface({ input: stream }).on('line', (line) => {
    if (NOISE.some((pattern) => pattern.test(line)) || (starting && (ADMIN_LOG.test(line) || MODULE_TABLE.test(line)))) return;
    out.write(`${line}\n`);
  });
}

/** Polls the admin status call until the server answers; fails early when the child exits. */
async function waitForServer(child, token, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error('wrangler dev stopped before it answered');
    try {
      const res = await fetch(`${ORIGIN}/admin/v1/status`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status === 401) throw new Error('The worker refused the admin token from .dev.vars: it did not receive ADMIN_TOKEN');
      const body = await res.json();
      if (!res.ok) throw new Error(`GET /admin/v1/status answered ${res.status}: ${body.msg}`);
      return body;
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`Nothing answered on ${ORIGIN} within ${timeoutMs / 1000} s`);
}

async function main() {
  const { token, created } = ensureAdminToken(DEV_VARS);
  console.log(created ? '• Wrote a new random ADMIN_TOKEN to .dev.vars' : '• Using the ADMIN_TOKEN in .dev.vars');
  // Local development: webhooks may go to a receiver on this machine (src/lib/webhook-url.ts).
  if (ensureDevVar(DEV_VARS, 'WEBHOOKS_ALLOW_LOCALHOST', 'true')) console.log('• Allowed webhooks to localhost in .dev.vars');
  if (!(await portIsFree(PORT, HOST))) throw new Error(`Port ${PORT} is in use; stop what runs there, or serve on another port: PORT=8788 npm start`);

  console.log('• Building (astro build)…');
  await run('astro', ['build']);
  console.log('• Applying migrations to the local D1 database…');
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);

  console.log(`• Starting the worker in workerd (wrangler dev) on ${ORIGIN}…`);
  const server = tool(
    'wrangler',
    [
      'dev',
      '-c',
      'dist/server/wrangler.json',
      '--port',
      String(PORT),
      '--ip',
      HOST,
      '--persist-to',
      STATE,
      '--env-file',
      DEV_VARS,
      '--show-interactive-dev-session=false',
    ],
    { stdio: ['inherit', 'pipe', 'pipe'] },
  );
  pipeFiltered(server.stdout, process.stdout);
  pipeFiltered(server.stderr, process.stderr);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (server.exitCode === null) server.kill(signal);
    });
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

  let status;
  try {
    status = await waitForServer(server, token);
    console.log('• Checking the demo data (scripts/demo-data)…');
    const sync = await syncDemo({ root: DEMO_DATA, url: ORIGIN, token, kinds: status.kinds });
    if (!sync.ok) throw new Error(`The demo data is not complete:\n  ${sync.failures.join('\n  ')}`);
    console.log(`• ${formatSync(sync, status.kinds)}`);
  } catch (err) {
    server.kill('SIGTERM');
    throw err;
  }

  // Let the server's last request lines arrive before the summary, then show admin calls again.
  await new Promise((wait) => setTimeout(wait, 300));
  starting = false;
  const { documents } = readDocuments(DEMO_DATA, status.kinds);
  const urls = visitorUrls(documents, `http://localhost:${PORT}`, await previewUrlsOf(documents, ORIGIN, token));
  console.log(`\nEdgefunnel is running on http://localhost:${PORT} (Ctrl-C stops it).\n\nDemo pages:\n${formatUrls(urls)}`);
  console.log(`\nDashboard: http://localhost:${PORT}/admin (sign in with the ADMIN_TOKEN in ${DEV_VARS})`);
  console.log(`Admin API: http://localhost:${PORT}/admin/v1/…, token: ADMIN_TOKEN in ${DEV_VARS}`);
  console.log('Import more documents: npm run import -- <folder>\n');
}

main().catch((err) => {
  console.error(`\n✗ ${err.message}`);
  process.exit(1);
});
