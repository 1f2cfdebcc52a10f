/** The order form's contact step: a failed contact creation, and sticky contact prefill. */
import { expect, test } from '@playwright/test';
import { openSalesPage, optIn, visitorEmail } from './support/order-form';
import { useStripeStandIn } from './support/stripe-js';

test.beforeEach(async ({ page }) => {
  await useStripeStandIn(page);
});

test('a failed contact creation stops loading, is logged, and keeps the visitor on step one', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openSalesPage(page);
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { msg: 'Contacts are resting.' } }), { times: 1 });
  await page.getByLabel('Full name').fill('Ada');
  const button = page.getByRole('button', { name: 'Go to step 2' });
  await button.click();
  await expect.poll(() => errors.some((text) => text.includes('the contact could not be created'))).toBe(true);
  await expect(button).toBeEnabled();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await button.click();
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('sticky contact prefills what this visitor gave on this location', async ({ page }) => {
  const email = visitorEmail('sticky');
  await openSalesPage(page);
  await optIn(page, email, 'Sam Sticky');
  await openSalesPage(page);
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Sticky');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // Another location's stored contact never fills this form.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('ef_contact_')) localStorage.removeItem(key);
    localStorage.setItem('ef_contact_loc_alpine', JSON.stringify({ full_name: 'Someone Else', email: 'else@example.com' }));
  });
  await openSalesPage(page);
  await expect(page.getByLabel('Full name')).toHaveValue('');
});
