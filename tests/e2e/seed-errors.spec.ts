/**
 * Issue 30's error and message rows (docs/requirements.md ROUTES-2, PAGE-ERRORS, OPTIN-RULES-8,
 * PAGE-LIMITS): the server's msg on the 404 screen; 'Unable to find form' / 'Unable to find
 * survey' and the translated 'unable to fetch calendar' for widgets a page names and the
 * server cannot give; the order form's 'This field is required.'; the form spinner's 25 px;
 * a failed payment that says what failed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { FIXTURE } from './fixture';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { keepVariantA, ORDER_FORM, optIn, openSalesPage, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

test('a 404 from the server shows its msg on the not-found screen', async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('error-title')).toHaveText('This page could not be found');
  await expect(page.getByTestId('error-message')).toHaveText('Page not found');
});

test('a form, survey or calendar the server cannot give says so, in the page’s language', async ({ page }) => {
  await page.goto(`${FIXTURE}/second`);
  await expect(page.locator('#form_gone')).toHaveText('Unable to find form');
  await expect(page.locator('#survey_gone')).toHaveText('Unable to find survey');
  await expect(page.locator('#cal_gone .ef-fallback')).toContainText('Unable to fetch calendar');
  const results = await new AxeBuilder({ page }).include('#sec_second').analyze();
  expect(results.violations).toEqual([]);

  await page.goto(`${FIXTURE}/second?lang=de`);
  await expect(page.locator('#form_gone')).toHaveText('Formular konnte nicht gefunden werden');
  await expect(page.locator('#cal_gone .ef-fallback')).toContainText('Kalender konnte nicht geladen werden');
});

test('the order form’s required message is the seed’s "This field is required."', async ({ page }) => {
  await page.goto('/accelerator');
  await page.locator('form.ef-order').scrollIntoViewIfNeeded();
  await page.locator('form.ef-order').hover();
  await expect(page.locator(ORDER_FORM)).toBeVisible();
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  const name = page.getByLabel('Full name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const described = await name.getAttribute('aria-describedby');
  const error = page.locator(`[id="${(described ?? '').split(' ').find((id) => id.includes('error')) ?? described}"]`);
  await expect(error).toHaveText('This field is required.');
});

test('the form spinner is 25 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  const size = await page.evaluate(() => {
    // Inside the submit button, as the form shows it while sending.
    const button = document.createElement('button');
    button.className = 'ef-submit';
    const spinner = document.createElement('span');
    spinner.className = 'ef-submit__spinner';
    button.appendChild(spinner);
    document.body.appendChild(button);
    const { width, height } = getComputedStyle(spinner);
    return [width, height];
  });
  expect(size).toEqual(['25px', '25px']);
});

test('a failed payment without a server message says the server failed, with its status', async ({ page }) => {
  // The error log is read for pg_sales, split-test variant a of /accelerator.
  await keepVariantA(page);
  await useStripeStandIn(page);
  await openSalesPage(page);
  await optIn(page, visitorEmail('server-failed'));
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.route('**/api/v2/funnel/product/pay', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: '' }));
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'the server answered with an error (502)' })).toBeVisible();
  // Reported to the platform's error log, which the admin API shows.
  await expect
    .poll(async () => {
      const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/page-errors?pageId=pg_sales`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
      const { errors } = (await res.json()) as { errors: { kind: string; message: string }[] };
      return errors.some((error) => error.kind === 'payment' && error.message.includes('502'));
    })
    .toBe(true);
});
