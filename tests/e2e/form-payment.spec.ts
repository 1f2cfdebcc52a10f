/**
 * Payment on forms in the browser: the demo's form_deposit ($25 deposit, a payment field)
 * takes the card with Stripe.js (the stand-in at Stripe's network boundary), the
 * submission is stored with the setup the worker verified, a declined card stores nothing;
 * a form without an amount loads no Stripe.js; and a worker without Stripe says the form
 * cannot be sent and stores nothing.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, uniqueEmail } from './booking-helpers';
import { E2E_PORT } from './playwright.config';
import { queryD1 } from './support/checkout-db';
import { type SecondWorker, startSecondWorker } from './support/second-worker';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';
import { wakeWidget } from './support/wake';

test.use({ viewport: { width: 1280, height: 900 } });

const THANKS = 'Your place is reserved. We have your card on file for the deposit.';
const UNAVAILABLE = 'Card payments are not available right now, so this form cannot be sent. Nothing was stored.';

const paymentsOf = (email: string, state = '.e2e-state') =>
  queryD1<{ payment: string | null }>(
    "SELECT s.payment FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE c.email = ? AND s.ref_id = 'form_deposit'",
    [email],
    state,
  );

test('the deposit form takes the card and stores the submission with the verified setup', async ({ page }) => {
  await useStripeStandIn(page);
  const email = uniqueEmail('deposit');
  await page.goto('/widget/form/form_deposit');
  await expect(page.getByTestId('payment-due')).toHaveText('Amount due: $25.00. Your card is confirmed when you send this form.');
  await page.getByLabel(/full name/i).fill('Dana Deposit');
  await page.getByLabel(/email/i).fill(email);
  await typeCard(page, TEST_CARDS.success);
  await expectNoAxeViolations(page, 'form');
  await page.getByRole('button', { name: 'Reserve my place' }).click();
  await expect(page.getByText(THANKS)).toBeVisible();
  const [stored] = paymentsOf(email);
  expect(JSON.parse(stored?.payment ?? '{}')).toMatchObject({ amount: '2500', currency: 'usd' });
});

test('a declined card shows the provider message and stores nothing', async ({ page }) => {
  await useStripeStandIn(page);
  const email = uniqueEmail('deposit-declined');
  await page.goto('/widget/form/form_deposit');
  await page.getByLabel(/full name/i).fill('Dan Declined');
  await page.getByLabel(/email/i).fill(email);
  await typeCard(page, TEST_CARDS.declined);
  await page.getByRole('button', { name: 'Reserve my place' }).click();
  await expect(page.locator('.ef-payment').getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByText(THANKS)).toHaveCount(0);
  expect(paymentsOf(email)).toEqual([]);
});

test('a form whose payment field has no amount loads no Stripe.js and promises no payment', async ({ page }) => {
  const stripeJs: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://js.stripe.com')) stripeJs.push(r.url());
  });
  await page.goto('/widget/form/form_all_fields');
  await expect(page.getByLabel(/email/i).first()).toBeVisible();
  await expect(page.getByText('Payment is collected after you submit this form.')).toHaveCount(0);
  await expect(page.getByText('Card details')).toHaveCount(0);
  expect(stripeJs).toEqual([]);
});

test.describe('without Stripe configured', () => {
  let worker: SecondWorker;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    worker = await startSecondWorker(E2E_PORT + 4, '.e2e-state-form-nostripe', {});
  });
  test.afterAll(() => worker?.stop());

  test('the deposit form says it cannot be sent, and stores nothing', async ({ page }) => {
    const email = uniqueEmail('deposit-nostripe');
    await page.goto(`${worker.origin}/widget/form/form_deposit`);
    await expect(page.getByTestId('payment-unavailable')).toHaveText(UNAVAILABLE);
    // The form's code says this when the visitor sends. Before it has arrived (slow on a busy
    // machine) the browser posts the page's plain form, and one filled at a robot's speed is
    // refused by the spam defence as too quick ('send the form again'), as it should be.
    await wakeWidget(page);
    await expect(page.getByText('Card details')).toHaveCount(0);
    await page.getByLabel(/full name/i).fill('Nia Nostripe');
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Reserve my place' }).click();
    await expect(page.locator('.ef-alert')).toHaveText(UNAVAILABLE);
    await expectNoAxeViolations(page, 'form');
    expect(queryD1('SELECT id FROM contacts WHERE email = ?', [email], worker.state)).toEqual([]);
  });
});
