/**
 * A second worker of the same build, on its own port and database, for browser tests that
 * need other worker variables than the shared e2e worker's (Turnstile keys, no Stripe):
 * migrates a fresh D1 under `state`, serves the build with `wrangler dev`, and imports the
 * demo data, as the shared worker's setup does.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config';

const root = new URL('../../..', import.meta.url).pathname;

export interface SecondWorker {
  origin: string;
  state: string;
  stop: () => void;
}

/** Starts the worker with `vars` (name → value) beside the admin token; call `stop` in afterAll. */
export async function startSecondWorker(port: number, state: string, vars: Record<string, string>): Promise<SecondWorker> {
  rmSync(`${root}/${state}`, { recursive: true, force: true });
  execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, CI: 'true' },
  });
  const varArgs = Object.entries({ ADMIN_TOKEN: E2E_TOKEN, RATE_LIMIT_SCALE: '1000', ...vars }).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const worker: ChildProcess = spawn(
    'wrangler',
    ['dev', '-c', 'dist/server/wrangler.json', '--persist-to', state, '--port', String(port), '--ip', '127.0.0.1', ...varArgs, '--log-level', 'warn'],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const origin = `http://localhost:${port}`;
  await expect.poll(async () => (await fetch(`${origin}/_ah/warmup`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [500] }).toBe(200);
  execFileSync('node', ['scripts/import.mjs', 'scripts/demo-data', '--url', origin, '--token', E2E_TOKEN, '--quiet'], { cwd: root, stdio: 'ignore' });
  return {
    origin,
    state,
    // The worker and its workerd child share the process group started above.
    stop: () => {
      if (worker.pid) process.kill(-worker.pid, 'SIGTERM');
    },
  };
}

/** Stores one document through the worker's admin API. */
export async function putDocument(origin: string, kind: string, doc: { id: string }): Promise<void> {
  const res = await fetch(`${origin}/admin/v1/${kind}/${doc.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}
