/**
 * A seller's domain served over plain http: the page is not a secure context there, so
 * browser APIs that exist only in secure contexts (crypto.randomUUID) are missing. A
 * dedicated Chromium resolves the domain to this machine, as DNS would.
 */
import { chromium, expect, test } from '@playwright/test';
import { q, sql } from './forms-store';
import config, { E2E_PORT, E2E_TOKEN } from './playwright.config';

const HOST = 'plain-http.example.test';

test('the opt-in on an http seller domain stores the lead and moves on to the next step', async () => {
  const put = await fetch(`http://localhost:${E2E_PORT}/admin/v1/domains/${HOST}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ host: HOST, locationId: 'loc_demo', funnelId: 'fn_demo' }),
  });
  expect(put.ok).toBe(true);
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
  try {
    const context = await browser.newContext();
    await context.route('https://connect.facebook.net/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`http://${HOST}:${E2E_PORT}/?utm_source=plain`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const form = page.locator('form[data-form-id="form_optin"]');
    const email = `plain-http-${Date.now()}@example.com`;
    await form.getByLabel('First name').fill('Pat');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send me the guide' }).click();
    await page.waitForURL(`http://${HOST}:${E2E_PORT}/accelerator?utm_source=plain`, { timeout: 15_000 });
    const [contact] = sql(`SELECT id, first_name FROM contacts WHERE email = ${q(email)}`);
    expect(contact?.first_name).toBe('Pat');
    expect(sql(`SELECT event_type FROM funnel_events WHERE contact_id = ${q(contact?.id)}`)).toEqual([{ event_type: 'optin' }]);
  } finally {
    await browser.close();
  }
});
