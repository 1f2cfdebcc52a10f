/**
 * Issue 30's buttons-and-sales rows (docs/requirements.md PAGE-STATES-1, PAGE-DATA-5, -12):
 * every sale action of a one-click payment button after a real purchase (the Stripe API
 * stand-in charges), with the seed's busy rule (a sale that stays on the page leaves the
 * button disabled, without the post-sale alert); the seller's own price text shown as
 * written; and the mailto action with the button's email address setting.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openFixture } from './fixture';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { optIn, openSalesPage, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let original: Record<string, unknown>;

async function publishUpsell(button: Record<string, unknown>): Promise<void> {
  const doc = structuredClone(original) as { elements: { id: string; extra: Record<string, unknown> }[] };
  const element = doc.elements.find((e) => e.id === 'up_btn_buy');
  if (!element) throw new Error('no buy button');
  element.extra = { ...element.extra, ...button };
  expect((await admin.put('/admin/v1/pages/pg_upsell', { data: doc })).ok()).toBe(true);
  expect((await admin.post('/admin/v1/pages/pg_upsell/publish')).ok()).toBe(true);
}

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}`, extraHTTPHeaders: { authorization: `Bearer ${E2E_TOKEN}` } });
  original = await (await admin.get('/admin/v1/pages/pg_upsell')).json();
});

test.afterAll(async () => {
  await admin.put('/admin/v1/pages/pg_upsell', { data: original });
  await admin.post('/admin/v1/pages/pg_upsell/publish');
  await admin.dispose();
});

let page: Page;

test('the order form shows the seller’s price text as written', async ({ browser }) => {
  page = await browser.newPage();
  await useStripeStandIn(page);
  await openSalesPage(page);
  // The buyer's card, paid here, lets the upsell's one-click button charge it below.
  await optIn(page, visitorEmail('sales'), 'Sale Actions');
  await expect(page.locator('[data-product-price="prod_accelerator"]').first()).toHaveText('$497 once, lifetime access');
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');
});

async function buy(): Promise<{ alerts: string[] }> {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/inner-circle');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  await page.getByRole('button', { name: /Yes! Add the Inner Circle/ }).click();
  return { alerts };
}

const buyButton = () => page.getByRole('button', { name: /Yes! Add the Inner Circle/ });

test('hide-element after a sale hides the chosen elements; the bought button stays disabled, with no alert', async () => {
  await publishUpsell({ saleAction: 'hide-element', hideElements: ['up_p_timer'] });
  const { alerts } = await buy();
  await expect(page.locator('#up_p_timer')).toBeHidden();
  await expect(buyButton()).toBeDisabled();
  await expect(buyButton()).not.toHaveAttribute('aria-busy', 'true');
  await expect(buyButton().locator('.ef-spinner')).toHaveCount(0);
  expect(alerts).toEqual([]);
});

test('none after a sale stays on the page with the button disabled', async () => {
  await publishUpsell({ saleAction: 'none' });
  const { alerts } = await buy();
  await expect(buyButton()).toBeDisabled();
  await expect(buyButton()).not.toHaveAttribute('aria-busy', 'true');
  expect(alerts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/inner-circle');
});

test('go-to-funnel-step after a sale goes to the chosen step with the query', async () => {
  await publishUpsell({ saleAction: 'go-to-funnel-step', stepPath: 'st_thanks' });
  await page.goto('/inner-circle?utm_source=mail');
  await page.getByRole('button', { name: /Yes! Add the Inner Circle/ }).click();
  await page.waitForURL('**/welcome?utm_source=mail');
});

test('url after a sale goes to the seller’s address', async () => {
  await page.route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Thanks</title><h1>Thanks</h1>' }));
  await publishUpsell({ saleAction: 'url', visitWebsite: { url: 'example.com/thanks', newTab: false } });
  await buy();
  await page.waitForURL('https://example.com/thanks');
});

test('go-to-membership after a sale opens the member area with the token the sale stored', async () => {
  await publishUpsell({ saleAction: 'go-to-membership' });
  await buy();
  await page.waitForURL('**/demo/members/library?**');
  expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();
});

test('scroll-to-element after a sale moves focus to its target', async () => {
  await publishUpsell({ saleAction: 'scroll-to-element', scrollToElement: 'up_p_timer' });
  await buy();
  await expect(page.locator('#up_p_timer')).toBeFocused();
  await expect(buyButton()).toBeDisabled();
  await page.close();
});

test('a named icon is drawn inline from the icon set, and the page loads no icon font or script', async ({ page: fresh }) => {
  const requests: string[] = [];
  fresh.on('request', (request) => requests.push(request.url()));
  await fresh.goto('/inner-circle');
  const icon = fresh.locator('#up_btn_buy .ef-button-icon svg');
  await expect(icon).toHaveAttribute('aria-hidden', 'true');
  expect(await icon.evaluate((svg) => (svg as SVGSVGElement).getBoundingClientRect().width)).toBeGreaterThan(8);
  expect(requests.filter((url) => /fontawesome|fa-solid|webfonts/i.test(url))).toEqual([]);
});

test('a mailto button writes to the button’s email address setting', async ({ page: fresh }) => {
  await openFixture(fresh);
  await expect(fresh.locator('#btn_mail a')).toHaveAttribute('href', 'mailto:hello@brightpath-coaching.example');
});
