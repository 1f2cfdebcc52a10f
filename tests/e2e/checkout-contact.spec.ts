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

test('sticky_contact_help on the order form: the remembered contact is claimed with its token, and "Not you?" forgets it', async ({ page }) => {
  const email = visitorEmail('sticky-help');
  const contactCall = () => page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await openSalesPage(page);
  const first = contactCall();
  await optIn(page, email, 'Hana Help');
  expect((await first).postDataJSON()).not.toHaveProperty('contact_id');
  // The browser keeps the contact with the token the server gave it, as the widgets do.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ef_contact_loc_demo') ?? '{}'));
  expect(stored.sticky_token).toMatch(/^[\w-]{43}$/);

  // Asked for, the note says whose details these are; the next opt-in claims the contact.
  await openSalesPage(page, '/accelerator?sticky_contact_help=1');
  const help = page.getByTestId('sticky-help');
  await expect(help).toContainText('We filled in the details you gave last time.');
  await expect(page.getByLabel('Full name')).toHaveValue('Hana Help');
  const second = contactCall();
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect((await second).postDataJSON()).toMatchObject({ contact_id: stored.id, contact_token: stored.sticky_token });

  // "Not you?" forgets the contact and empties what it filled in.
  await openSalesPage(page, '/accelerator?sticky_contact_help=1');
  await help.getByRole('button', { name: 'Not you? Clear them' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('ef_contact_loc_demo'))).toBeNull();
});
