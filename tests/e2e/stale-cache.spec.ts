/**
 * Edge cache under failure: an edge worker whose API_ORIGIN is a second, separate worker
 * (the platform API). Once the edge has the page, the API is stopped; the page must still be
 * served from the last good copy (stale-if-error), past the copy's freshness window. The
 * edge runs with a freshness of 0 s (PAGE_FRESH_SECONDS), so every view after the first is
 * past it and asks the (dead) API for a refresh.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config';

const ROOT = new URL('../..', import.meta.url).pathname;
// Beside the suite's own server, so runs on other ports do not collide.
const API_PORT = E2E_PORT + 1;
const EDGE_PORT = E2E_PORT + 2;
const TOKEN = 'stale-cache-token-51a0';

function worker(port: number, state: string, vars: string[]): ChildProcess {
  return spawn(
    'wrangler',
    [
      'dev',
      '-c',
      'dist/server/wrangler.json',
      '--persist-to',
      state,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--log-level',
      'warn',
      ...vars.flatMap((v) => ['--var', v]),
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
      detached: true,
    },
  );
}

async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

const stop = (child: ChildProcess | undefined) => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
};

test('a published page is served from the edge copy when the API is down', async ({ page }) => {
  test.setTimeout(150_000);
  let api: ChildProcess | undefined;
  let edge: ChildProcess | undefined;
  try {
    for (const state of ['.e2e-state-api', '.e2e-state-edge']) {
      rmSync(`${ROOT}${state}`, { recursive: true, force: true });
      execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
        cwd: ROOT,
        stdio: 'ignore',
        env: { ...process.env, CI: 'true' },
      });
    }
    api = worker(API_PORT, '.e2e-state-api', [`ADMIN_TOKEN:${TOKEN}`]);
    await waitUp(`http://127.0.0.1:${API_PORT}/_ah/warmup`);
    execFileSync('node', ['scripts/import.mjs', 'scripts/demo-data', '--url', `http://127.0.0.1:${API_PORT}`, '--token', TOKEN], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    edge = worker(EDGE_PORT, '.e2e-state-edge', [`API_ORIGIN:http://127.0.0.1:${API_PORT}/api`, 'PAGE_FRESH_SECONDS:0']);
    await waitUp(`http://127.0.0.1:${EDGE_PORT}/_ah/warmup`);

    const first = await page.goto(`http://localhost:${EDGE_PORT}/`);
    expect(first?.status()).toBe(200);
    const headline = (await page.locator('h1').first().textContent()) ?? '';
    expect(headline.length).toBeGreaterThan(0);

    stop(api);
    api = undefined;
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${EDGE_PORT}/_ah/warmup`)).status, { timeout: 20_000 }).toBe(503);
    // A query the HTML copy does not answer (not an ad parameter), so the page is rendered from the KV copy, whose
    // refresh fails; the view after that one is still served from the same copy.
    for (const source of ['stale-check', 'stale-again']) {
      const again = await page.goto(`http://localhost:${EDGE_PORT}/?check=${source}`);
      expect(again?.status()).toBe(200);
      await expect(page.locator('h1').first()).toHaveText(headline);
    }
  } finally {
    stop(api);
    stop(edge);
  }
});
