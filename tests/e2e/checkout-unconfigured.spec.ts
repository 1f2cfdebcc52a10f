/**
 * Without Stripe configured (no keys at all), the order forms say card payments are
 * unavailable, nothing is charged, and the contact the visitor gave is stored; the payment
 * button says why it cannot sell. A second worker of the same build runs without Stripe
 * variables on its own database for this.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { queryD1 } from './support/checkout-db';
import { ORDER_FORM, visitorEmail } from './support/order-form';

const PORT = E2E_PORT + 10;
const STATE = '.e2e-state-nostripe';
const root = new URL('../..', import.meta.url).pathname;
const origin = (host = 'localhost') => `http://${host}:${PORT}`;
let worker: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(`${root}/${STATE}`, { recursive: true, force: true });
  execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, CI: 'true' },
  });
  worker = spawn(
    'wrangler',
    [
      'dev',
      '-c',
      'dist/server/wrangler.json',
      '--persist-to',
      STATE,
      '--port',
      String(PORT),
      '--ip',
      '127.0.0.1',
      '--var',
      `ADMIN_TOKEN:${E2E_TOKEN}`,
      '--log-level',
      'warn',
    ],
    {
      cwd: root,
      stdio: 'ignore',
      detached: true,
    },
  );
  await expect.poll(async () => (await fetch(`${origin()}/_ah/warmup`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [500] }).toBe(200);
  execFileSync('node', ['scripts/import.mjs', 'scripts/demo-data', '--url', origin(), '--token', E2E_TOKEN, '--quiet'], { cwd: root, stdio: 'ignore' });
});

test.afterAll(() => {
  // The worker and its workerd child share the process group started above.
  if (worker?.pid) process.kill(-worker.pid, 'SIGTERM');
});

const contactsWith = (email: string) => queryD1<{ email: string; full_name: string }>('SELECT email, full_name FROM contacts WHERE email = ?', [email], STATE);

test('the two-step form says payments are unavailable after the opt-in, and the contact is stored', async ({ page }) => {
  const email = visitorEmail('nostripe');
  await page.goto(`${origin()}/accelerator`);
  await page.locator('form.ef-order').scrollIntoViewIfNeeded();
  // The two-step form hydrates when the visitor starts on it (client:interact).
  await expect(page.locator(ORDER_FORM)).toHaveCount(0);
  await page.getByLabel('Full name').fill('Nora Later');
  await expect(page.locator(ORDER_FORM)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByTestId('cards-unavailable')).toContainText('Card payments are unavailable right now. Nothing was charged.');
  await expect(page.getByTestId('cards-unavailable')).toContainText('Your details are saved');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  expect(contactsWith(email)).toEqual([{ email, full_name: 'Nora Later' }]);
  expect(queryD1('SELECT id FROM orders', [], STATE)).toEqual([]);
});

test('the one-step form keeps the visitor details without cards', async ({ page }) => {
  const email = visitorEmail('nostripe-eu');
  await page.goto(`${origin('eu.localhost')}/`);
  await page.locator('form.ef-order').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('cards-unavailable')).toContainText('Card payments are unavailable right now.');
  await page.getByLabel('Full name').fill('Urs Later');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('Bahnhofstrasse 1');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('State').fill('ZH');
  await page.getByLabel('Zip code').fill('8001');
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByTestId('cards-unavailable')).toContainText('Your details are saved');
  expect(contactsWith(email)).toEqual([{ email, full_name: 'Urs Later' }]);
});

test('the payment button says card payments are not configured', async ({ page }) => {
  await page.goto(`${origin()}/inner-circle`);
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  const button = page.getByRole('button', { name: /Yes! Add the Inner Circle/ });
  await button.click();
  await expect(page.getByRole('alert')).toHaveText('Card payments are not configured for this seller.');
  await expect(button).toBeEnabled();
});
