/** What the dashboard's browser specs share: signing in, axe on a whole screen, the admin API with the token, a local webhook receiver. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from '../playwright.config';

export const ORIGIN = `http://localhost:${E2E_PORT}`;
/** The port of the spec's webhook receiver, derived from the worker's. */
export const RECEIVER_PORT = E2E_PORT + 121;

export async function signIn(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Admin token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
}

/** axe over the whole page; the list of violations is empty. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** A screen of the dashboard once its content has loaded (no "Loading…" left). */
export async function openScreen(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** Calls the admin API with the bearer token. */
export async function adminCall(request: APIRequestContext, method: string, path: string, data?: unknown) {
  return request.fetch(`${ORIGIN}/admin/v1${path}`, { method, headers: { authorization: `Bearer ${E2E_TOKEN}` }, ...(data === undefined ? {} : { data }) });
}

/** Whether this build answers the statistics API (issue 29 builds against its contract; it lands separately). */
export async function statisticsLive(request: APIRequestContext): Promise<boolean> {
  return (await adminCall(request, 'GET', '/stats/funnels/fn_demo')).status() === 200;
}

/** A variant page of the demo funnel's opt-in step: the opt-in page under another id and headline, in the funnel but on no step. */
export function variantPage(id: string): Record<string, unknown> {
  const optin = JSON.parse(readFileSync(new URL('../../../scripts/demo-data/pages/pg_optin.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const { stepId: _step, ...rest } = optin;
  return { ...rest, pageId: id, pageName: `Variant ${id}`, funnelId: 'fn_demo' };
}

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: answers 200 and keeps what it got. */
export async function startReceiver(): Promise<{ server: Server; received: ReceivedHook[] }> {
  const received: ReceivedHook[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  return { server, received };
}
