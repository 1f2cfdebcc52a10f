/**
 * Submitting forms as visitors do: the opt-in form inline on the demo funnel's first page,
 * without JavaScript, with a failing network (the submission waits and is resent), and
 * retried after the answer was lost (stored once).
 */
import { expect, type Page, test } from '@playwright/test';
import { FORM_TOKEN_FIELD, MIN_FILL_MS } from '../../src/lib/spam-defence';
import { q, sql } from './forms-store';
import { holdScript } from './hold-script';
import { E2E_PORT } from './playwright.config';
import { wakeWidget } from './support/wake';

const optinForm = (page: Page) => page.locator('form[data-form-id="form_optin"]');

test('the opt-in form on / stores a lead with its funnel opt-in and moves on to the next step', async ({ page, context }) => {
  await context.route('https://connect.facebook.net/**', (route) => route.abort('internetdisconnected'));
  const email = `optin-${Date.now()}@example.com`;
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(r.url()));
  await page.goto('/?utm_source=spring');
  const form = optinForm(page);
  await form.scrollIntoViewIfNeeded();
  // The form's code loads when the visitor first uses it (client:interact), not with the page.
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /form-widget/.test(url))).toEqual([]);
  await form.getByLabel('First name').fill('Olivia');
  await expect(page.locator('astro-island[component-url*="form-widget"]:not([ssr])')).toHaveCount(1);
  // An opt-in form has no signature, file, cascade or phone field: none of their code loads.
  expect(scripts.filter((url) => /signature-field|file-upload-field|cascade-field|\/phone\./.test(url))).toEqual([]);
  await form.getByLabel('Email').fill(email);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/form') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(form.getByRole('button', { name: /Send me the guide/ })).toBeDisabled();
  await expect(form.locator('.ef-submit__spinner')).toBeVisible();
  const body = JSON.parse(((await sent).postDataBuffer() ?? Buffer.from('')).toString('latin1').match(/name="formData"\r\n\r\n(.*)\r\n/)?.[1] ?? '{}');
  expect(body.funneEventData).toMatchObject({ event_type: 'optin', funnel_id: 'fn_demo', page_id: 'pg_optin' });
  await page.waitForURL(/\/accelerator\?utm_source=spring$/);

  const [contact] = sql(`SELECT id, first_name FROM contacts WHERE email = ${q(email)}`);
  expect(contact?.first_name).toBe('Olivia');
  const [submission] = sql(`SELECT data FROM submissions WHERE contact_id = ${q(contact?.id)}`);
  expect(JSON.parse(submission?.data).values.utm_source).toBe('spring');
  const events = sql(`SELECT event_type, funnel_id, page_id FROM funnel_events WHERE contact_id = ${q(contact?.id)}`);
  expect(events).toEqual([{ event_type: 'optin', funnel_id: 'fn_demo', page_id: 'pg_optin' }]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /**
   * A person takes longer than the spam defence's minimum fill time to fill a form: wait until
   * the form's own token (`{issuedAt}.…`) is older than MIN_FILL_MS, as the server will judge it.
   */
  const takeTime = async (page: Page) => {
    const token = (await page.locator(`input[name="${FORM_TOKEN_FIELD}"]`).first().inputValue()) ?? '';
    const issuedAt = Number(token.split('.')[0]);
    expect(issuedAt).toBeGreaterThan(0);
    await expect.poll(() => Date.now() - issuedAt, { intervals: [100], timeout: MIN_FILL_MS + 5_000 }).toBeGreaterThan(MIN_FILL_MS + 100);
  };

  test('the form posts as a plain form, stores a lead and answers the thank-you page', async ({ page }) => {
    const email = `nojs-${Date.now()}@example.com`;
    await page.goto('/widget/form/form_optin');
    await page.getByLabel('First name').fill('Noah');
    await page.getByLabel('Email').fill(email);
    await takeTime(page);
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await expect(page.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!');
    const [contact] = sql(`SELECT id FROM contacts WHERE email = ${q(email)}`);
    const [submission] = sql(`SELECT data FROM submissions WHERE contact_id = ${q(contact?.id)}`);
    // The hidden field's default, filled by the server as the browser did not run.
    expect(JSON.parse(submission?.data).values.utm_source).toBe('optin-page');
  });

  test('a post quicker than a person is answered at once with 403, the answers kept, and stores nothing', async ({ page }) => {
    const email = `nojs-quick-${Date.now()}@example.com`;
    await page.goto('/widget/form/form_optin');
    await page.getByLabel('First name').fill('Quinn');
    await page.getByLabel('Email').fill(email);
    const issued = await page.locator(`input[name="${FORM_TOKEN_FIELD}"]`).first().inputValue();
    // A bot posts within moments of fetching the form. How long this browser took to fill it
    // depends on the machine's load, so the post carries a token the server issued just now.
    await page.route(
      '**/widget/form/form_optin',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const html = await (await page.request.get('/widget/form/form_optin')).text();
        const fresh = html.match(new RegExp(`name="${FORM_TOKEN_FIELD}"[^>]*value="([^"]+)"`))?.[1] ?? '';
        expect(Date.now() - Number(fresh.split('.')[0])).toBeLessThan(MIN_FILL_MS);
        const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
        expect(body).toContain(issued);
        return route.continue({ postData: Buffer.from(body.replace(issued, fresh), 'latin1') });
      },
      { times: 1 },
    );
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/widget/form/form_optin') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send me the guide' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('Please check your answers and send the form again.');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(sql(`SELECT id FROM contacts WHERE email = ${q(email)}`)).toEqual([]);
    await takeTime(page);
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await expect(page.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!');
    expect(sql(`SELECT id FROM contacts WHERE email = ${q(email)}`)).toHaveLength(1);
  });

  test('errors show beside the filled-in fields', async ({ page }) => {
    await page.goto('/widget/form/form_optin');
    await page.getByLabel('First name').fill('Noah');
    await page.getByLabel('Email').fill('noah@');
    await takeTime(page);
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await expect(page.locator('[data-field-error="email"]')).toHaveText('Invalid Email Address');
    await expect(page.getByLabel('First name')).toHaveValue('Noah');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the opt-in element on / posts to the form route and moves on to the next step', async ({ page }) => {
    const email = `nojs-optin-${Date.now()}@example.com`;
    await page.goto('/');
    const form = optinForm(page);
    await form.getByLabel('First name').fill('Nina');
    await form.getByLabel('Email').fill(email);
    await takeTime(page);
    await form.getByRole('button', { name: 'Send me the guide' }).click();
    await page.waitForURL(/\/accelerator$/);
    const [contact] = sql(`SELECT id FROM contacts WHERE email = ${q(email)}`);
    expect(sql(`SELECT event_type FROM funnel_events WHERE contact_id = ${q(contact?.id)}`)).toEqual([{ event_type: 'optin' }]);
  });
});

for (const [code, held] of [
  ['the form code', /\/_astro\/form-widget\.[^/]+\.js$/],
  ["Astro's island runtime", /\/_astro\/astro-island\.[^/]+\.js$/],
] as const) {
  test(`what a visitor types and clicks before ${code} has arrived is kept: the lead is stored and the page moves on`, async ({ page }) => {
    const email = `early-${Date.now()}@example.com`;
    // The code is held back until the visitor has typed and pressed the button.
    const { requested, release } = await holdScript(page, held);
    await page.goto('/');
    const form = optinForm(page);
    await form.getByLabel('First name').fill('Early');
    await form.getByLabel('Email').fill(email);
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
    });
    await form.getByRole('button', { name: 'Send me the guide' }).click();
    // The click neither posted the page away (click() returns once a navigation it started
    // has begun) nor was lost: the code it waits for is on its way.
    await requested;
    expect(navigations).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    release();
    await page.waitForURL(/\/accelerator$/);
    const [contact] = sql(`SELECT first_name FROM contacts WHERE email = ${q(email)}`);
    expect(contact?.first_name).toBe('Early');
  });
}

test('a submission whose answer was lost is resent and stored once (one submission, one contact)', async ({ page }) => {
  const email = `retry-${Date.now()}@example.com`;
  await page.goto('/widget/form/form_optin');
  await wakeWidget(page);
  let first = true;
  await page.route('**/api/form', async (route) => {
    if (!first) return route.continue();
    first = false;
    // The server stores it, then the connection drops before the answer arrives.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the guide' }).dblclick();
  await expect(page.getByTestId('form-pending')).toBeVisible();
  await expect(page.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!', { timeout: 20_000 });
  const contacts = sql(`SELECT id FROM contacts WHERE email = ${q(email)}`);
  expect(contacts).toHaveLength(1);
  expect(sql(`SELECT id FROM submissions WHERE contact_id = ${q(contacts[0]?.id)}`)).toHaveLength(1);
});

test('sticky contact: a visitor who gave their details finds them filled in on their next visit', async ({ page }) => {
  const email = `sticky-${Date.now()}@example.com`;
  await page.goto('/widget/form/form_optin');
  await wakeWidget(page);
  await page.getByLabel('First name').fill('Stella');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(page.locator('[data-form-state="done"]')).toBeVisible();
  await page.goto('/widget/form/form_optin');
  await expect(page.getByLabel('First name')).toHaveValue('Stella');
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('offline: the visitor sees the submission pending, and it is sent when the connection returns', async ({ page, context }) => {
  const email = `offline-${Date.now()}@example.com`;
  await page.goto(`http://localhost:${E2E_PORT}/widget/form/form_optin`);
  await wakeWidget(page);
  await page.getByLabel('First name').fill('Omar');
  await page.getByLabel('Email').fill(email);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(page.getByTestId('form-pending')).toContainText('You are offline');
  await expect(page.locator('.ef-alert')).toHaveCount(0);
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('edgefunnel-outbox');
        req.onsuccess = () => {
          const count = req.result.transaction('submissions').objectStore('submissions').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(kept).toBe(1);
  expect(sql(`SELECT id FROM contacts WHERE email = ${q(email)}`)).toHaveLength(0);
  await context.setOffline(false);
  await expect(page.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!');
  expect(sql(`SELECT id FROM contacts WHERE email = ${q(email)}`)).toHaveLength(1);
});
