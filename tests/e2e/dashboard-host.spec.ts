/**
 * The dashboard opened on a plain-http host that is not localhost (issue 29): by IP address,
 * and by a name that is not a secure context at all (a dedicated Chromium resolves it to this
 * machine, as DNS would). Signing in works (the cookie has no Secure flag over http), writes
 * carry the CSRF token past the checks, a secret is made without secure-context APIs, and
 * signing out ends the session.
 */
import { chromium, expect, test } from '@playwright/test';
import config, { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { RECEIVER_PORT } from './support/dashboard';

const NAME = 'edgefunnel.test';

for (const host of ['127.0.0.1', NAME]) {
  test(`sign in, write and sign out on http://${host}`, async () => {
    const launch = config.use?.launchOptions ?? {};
    const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${NAME} 127.0.0.1`] });
    try {
      const context = await browser.newContext({ baseURL: `http://${host}:${E2E_PORT}` });
      const page = await context.newPage();
      await page.goto('/admin');
      expect(await page.evaluate(() => window.isSecureContext)).toBe(host !== NAME);
      await page.getByLabel('Admin token').fill(E2E_TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === 'ef_admin');
      expect(cookie).toMatchObject({ domain: host, path: '/admin', httpOnly: true, sameSite: 'Strict', secure: false });

      // Writes through the dashboard: an endpoint saved, its secret rotated, the endpoint deleted.
      await page.goto('/admin/webhooks');
      const url = `http://localhost:${RECEIVER_PORT}/host/${host}`;
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The endpoint was saved.' })).toBeVisible();
      await page.getByRole('button', { name: 'Rotate: add a new secret' }).click();
      await expect(page.getByText(/^A new secret was added;/)).toBeVisible();
      await page.getByRole('button', { name: `Delete ${url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The endpoint was deleted.' })).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByLabel('Admin token')).toBeVisible();
      // Asked by the page itself: only the browser resolves the name.
      expect(await page.evaluate(async () => (await fetch('/admin/v1/status')).status)).toBe(401);
    } finally {
      await browser.close();
    }
  });
}
