/**
 * A visitor buys on the demo funnel: the two-step order form on /accelerator (opt-in,
 * product and bump, card), then the one-click upsell on /inner-circle; and every error
 * path shows its message. Stripe is stood in at its network boundary: Stripe.js and
 * api.stripe.com in the browser, the Stripe API stand-in for the worker.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { queryD1 } from './support/checkout-db';
import { expectIdle, ORDER_FORM, openSalesPage, optIn, visitorEmail } from './support/order-form';
import { blockStripeJs, TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

interface OrderRow {
  amount: number;
  status: string;
  submission_type: number;
  source: string;
}

const ordersOf = (email: string) =>
  queryD1<OrderRow>(
    'SELECT o.amount, o.status, o.submission_type, o.source FROM orders o JOIN contacts c ON c.id = o.contact_id WHERE c.email = ? ORDER BY o.created_at, o.rowid',
    [email],
  );

test.beforeEach(async ({ page }) => {
  await useStripeStandIn(page);
});

test('a visitor opts in, buys the product and the bump, then the upsell with one click', async ({ page }) => {
  const email = visitorEmail('buyer');
  const stripeJsLoads: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com/')) stripeJsLoads.push(request.url());
  });
  await openSalesPage(page);
  // Stripe.js loads only once the card step is reached.
  expect(stripeJsLoads).toEqual([]);
  await optIn(page, email.toUpperCase());
  expect(stripeJsLoads).toHaveLength(1);
  await page.getByLabel('Yes! Add the Email Swipe File for just $47').check();
  await expect(page.getByTestId('order-total')).toContainText('$544.00');
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');

  await page.getByRole('button', { name: /Yes! Add the Inner Circle/ }).click();
  await page.waitForURL('**/welcome');

  const contacts = queryD1<{ id: string }>('SELECT id FROM contacts WHERE email = ?', [email]);
  expect(contacts).toHaveLength(1);
  expect(ordersOf(email)).toEqual([
    { amount: 54400, status: 'paid', submission_type: 2, source: 'order_form' },
    { amount: 9700, status: 'paid', submission_type: 3, source: 'payment_button' },
  ]);
});

test('contact fields are validated on change and submit; nothing is sent while errors exist', async ({ page }) => {
  const contactCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) contactCalls.push(request.postData() ?? '');
  });
  await openSalesPage(page);
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.getByLabel('Full name').fill('Ada');
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').fill('12');
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  expect(contactCalls).toEqual([]);
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Phone').fill('+1 617 555 0142');
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(JSON.parse(contactCalls[0] ?? '{}')).toMatchObject({ name: 'Ada', lead: true, location_id: 'loc_demo', session_d: 1, forceCreate: false });
  await page.getByRole('button', { name: 'Back to step 1' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada');
});

test('declined, authentication and charge failures show their message and return to idle', async ({ page }) => {
  await openSalesPage(page);
  await optIn(page, visitorEmail('declined'));
  const pay = page.getByRole('button', { name: 'Complete my order' });

  await typeCard(page, TEST_CARDS.declined);
  await pay.click();
  await expect(page.getByTestId('card-error')).toHaveText('Your card was declined.');
  await expectIdle(page);
  await page.getByLabel('Card number').fill('4242424242424241');
  await expect(page.getByTestId('card-error')).toHaveText('Your card number is invalid.');
  await page.getByLabel('Card number').fill(TEST_CARDS.authentication);
  await expect(page.getByTestId('card-error')).toHaveCount(0);

  await pay.click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByTestId('card-error')).toHaveText(
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  );
  await expectIdle(page);

  await page.getByLabel('Card number').fill(TEST_CARDS.declinedOnCharge);
  await pay.click();
  await expect(page.getByTestId('order-error')).toHaveText('Your card was declined.');
  await expectIdle(page);

  await page.getByLabel('Card number').fill(TEST_CARDS.authentication);
  await pay.click();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL('**/inner-circle');
});

test('a network failure in the middle of pay shows a message; the retry charges once', async ({ page }) => {
  const email = visitorEmail('network');
  await openSalesPage(page);
  await optIn(page, email);
  await typeCard(page, TEST_CARDS.success);
  await page.route('**/api/v2/funnel/product/pay', (route) => route.abort('connectionreset'), { times: 1 });
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await expect(page.getByTestId('order-error')).toHaveText('The payment could not be completed. Please check your connection and try again.');
  await expectIdle(page);
  await page.getByRole('button', { name: 'Complete my order' }).dblclick();
  await page.waitForURL('**/inner-circle');
  expect(ordersOf(email)).toEqual([{ amount: 49700, status: 'paid', submission_type: 2, source: 'order_form' }]);
});

test('seed messages: no primary product, a missing client secret, a failed product list', async ({ page }) => {
  await openSalesPage(page);
  await optIn(page, visitorEmail('messages'));
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('90-Day Client Accelerator').uncheck();
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await expect(page.getByTestId('order-error')).toHaveText('You must select at least one primary product for this transaction.');
  await page.getByLabel('90-Day Client Accelerator').check();
  await page.route('**/api/v2/funnel/product/setup-intent', (route) => route.fulfill({ json: {} }), { times: 1 });
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await expect(page.getByTestId('order-error')).toHaveText('The card payment could not be started. Please try again.');
  await expectIdle(page);

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.route('**/api/stripe/funnel/product/list**', (route) => route.fulfill({ status: 502, json: { msg: 'Products are resting.' } }));
  await openSalesPage(page);
  await optIn(page, visitorEmail('list'));
  await expect(page.getByTestId('no-products')).toHaveText('No products available');
  expect(alerts).toEqual(['Products are resting.']);
});

test('an upsell without a paid order in this session ends busy with the server message', async ({ page }) => {
  await page.goto('/inner-circle');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  const button = page.getByRole('button', { name: /Yes! Add the Inner Circle/ });
  await button.click();
  await expect(page.getByRole('alert')).toHaveText(
    'One-click purchase is only possible within 30 minutes of an order paid by card in this funnel. Please buy through the order form.',
  );
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  await expect(button).toBeEnabled();
});

test('when Stripe.js cannot load, the form says cards are unavailable and keeps the contact', async ({ page }) => {
  await page.unroute('https://js.stripe.com/**');
  await blockStripeJs(page);
  const email = visitorEmail('offline');
  await openSalesPage(page);
  await page.getByLabel('Full name').fill('Cy Offline');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByTestId('cards-unavailable')).toContainText('Card payments are unavailable right now. Nothing was charged.');
  await expect(page.getByTestId('cards-unavailable')).toContainText('Your details are saved');
  expect(queryD1('SELECT id FROM contacts WHERE email = ?', [email])).toHaveLength(1);
  expect(ordersOf(email)).toEqual([]);
});

test('the one-step form on eu.localhost sells in euros with shipping fields', async ({ page, baseURL }) => {
  const email = visitorEmail('eu');
  await openSalesPage(page, baseURL!.replace('localhost', 'eu.localhost'));
  await expect(page.locator('[data-product-price="prod_alp_masterclass"]')).toHaveText('€89.00');
  await page.getByLabel('Full name').fill('Heidi Baker');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Address').fill('Bahnhofstrasse 1');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('State').fill('ZH');
  await page.getByLabel('Zip code').fill('8001');
  await expect(page.getByLabel('Country')).toHaveValue('CH');
  await page.getByLabel(/Add the starter kit/).check();
  await expect(page.getByTestId('order-total')).toContainText('€108.50');
  await typeCard(page, TEST_CARDS.success);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL('**/zurich-workshop');
  // One click each on the CHF and JPY upsells, with the card of this visit.
  await page.getByRole('button', { name: /Reserve my place/ }).click();
  await page.waitForURL('**/tokyo-bake-along');
  await page.getByRole('button', { name: /Add the bake-along/ }).click();
  await page.waitForURL('**/welcome');
  expect(ordersOf(email)).toEqual([
    { amount: 10850, status: 'paid', submission_type: 2, source: 'order_form' },
    { amount: 18995, status: 'paid', submission_type: 3, source: 'payment_button' },
    { amount: 4800, status: 'paid', submission_type: 3, source: 'payment_button' },
  ]);
});

test('the one-step form shows its products before its code loads; a click on the card field loads it and puts the cursor there', async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(baseURL!.replace('localhost', 'eu.localhost'), { waitUntil: 'networkidle' });
  // The server render: products, bump, total and the location's country, with no React on the page.
  await expect(page.locator('[data-product-price="prod_alp_masterclass"]')).toHaveText('€89.00');
  await expect(page.getByTestId('order-total')).toContainText('€89.00');
  await expect(page.getByLabel('Country')).toHaveValue('CH');
  await expect(page.locator(ORDER_FORM)).toHaveCount(0);
  expect(scripts.filter((path) => /\/(client|order-form)\./.test(path))).toEqual([]);

  await page.locator('.ef-order__card-field').click();
  await expect(page.locator(ORDER_FORM)).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type(TEST_CARDS.success);
  await expect(page.getByLabel('Card number')).toHaveValue(TEST_CARDS.success);
  await page.getByLabel(/Add the starter kit/).check();
  await expect(page.getByTestId('order-total')).toContainText('€108.50');
});

for (const width of [375, 1280]) {
  test(`the order forms pass axe at both steps; screenshots at ${width} px`, async ({ page, baseURL }, info) => {
    await page.setViewportSize({ width, height: 900 });
    const axe = async () =>
      (await new AxeBuilder({ page }).include('form.ef-order').analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    await openSalesPage(page);
    await page.locator('form.ef-order').screenshot({ path: info.outputPath(`order-step1-${width}.png`) });
    expect(await axe()).toEqual([]);
    await optIn(page, visitorEmail(`axe${width}`));
    await expect(page.locator('[data-product-price]').first()).toBeVisible();
    await page.locator('form.ef-order').screenshot({ path: info.outputPath(`order-step2-${width}.png`) });
    expect(await axe()).toEqual([]);
    await openSalesPage(page, baseURL!.replace('localhost', 'eu.localhost'));
    await expect(page.getByLabel('Card number')).toBeVisible();
    await page.locator('form.ef-order').screenshot({ path: info.outputPath(`order-one-step-${width}.png`) });
    expect(await axe()).toEqual([]);
  });
}
