/**
 * Issue 30's tracking rows (docs/requirements.md FUNNEL-CALLS-14, PAGE-DATA-16): the pixel
 * from where the seed's data puts it (the location's tracking settings get_page returns, a
 * form's fbPixelId, a calendar's pixel_id), with PageView on load and the conversion events
 * of a purchase, seen at the pixel's network boundary (./support/pixel.ts); the seller's
 * head, body and footer code and the global tracking codes run; and the page's meta tags.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE, openFixture, previewUrlOf } from './fixture';
import { optIn, openSalesPage, visitorEmail } from './support/order-form';
import { standInForPixel } from './support/pixel';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

const LOCATION_PIXEL = '2010400500600';

test('the location’s pixel tracks PageView on each step, then SubmitApplication, OrderFormPurchase and Upsell through a purchase', async ({
  context,
  page,
}) => {
  const hits = await standInForPixel(context);
  await useStripeStandIn(page);
  await openSalesPage(page);
  await expect.poll(() => hits.map((hit) => `${hit.page} ${hit.ev}`)).toEqual(['/accelerator PageView']);
  await optIn(page, visitorEmail('pixel'), 'Pixel Buyer');
  await expect.poll(() => hits.map((hit) => hit.ev)).toContain('SubmitApplication');
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');
  await page.getByRole('button', { name: /Yes! Add the Inner Circle/ }).click();
  await page.waitForURL('**/welcome');
  await expect.poll(() => hits.map((hit) => hit.ev)).toEqual(['PageView', 'SubmitApplication', 'OrderFormPurchase', 'PageView', 'Upsell', 'PageView']);
  expect(new Set(hits.map((hit) => hit.id))).toEqual(new Set([LOCATION_PIXEL]));
});

test('a form’s fbPixelId and a calendar’s pixel_id track PageView on their widget pages', async ({ context, page }) => {
  const hits = await standInForPixel(context);
  await page.goto('/widget/form/form_all_fields');
  await expect.poll(() => hits).toEqual([{ id: '3010400500600', ev: 'PageView', page: '/widget/form/form_all_fields' }]);
  await page.goto('/widget/booking/cal_audit');
  await expect.poll(() => hits.at(-1)).toEqual({ id: '4010400500600', ev: 'PageView', page: '/widget/booking/cal_audit' });
});

test('with notrack no pixel event is sent', async ({ context, page }) => {
  const hits = await standInForPixel(context);
  await page.goto('/accelerator?notrack=true');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await page.goto('/accelerator');
  await expect.poll(() => hits.length).toBe(1);
});

test('the seller’s head, body and footer code and the global tracking codes run', async ({ page }) => {
  await openFixture(page, '/second');
  const ran = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { head: w.__sellerHead, body: w.__sellerBody, footer: w.__sellerFooter, gtm: (w.dataLayer as { event: string }[])?.[0]?.event };
  });
  expect(ran).toEqual({ head: 'head code ran', body: true, footer: 1, gtm: 'gtm.js' });
});

test('the page’s meta tags, favicon, styles, canonical link and link-preview tags are in the HTML', async ({ page }) => {
  await openFixture(page, '/second?utm_source=x');
  const head = page.locator('head');
  await expect(page).toHaveTitle('Fixture: second step');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', 'Fixture: second step (browser test fixture)');
  await expect(head.locator('meta[name="author"]')).toHaveAttribute('content', 'Maya Ortiz');
  await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', 'coaching, funnels');
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Fixture: second step');
  await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', 'Fixture: second step (browser test fixture)');
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${FIXTURE}/demo/guide-cover.svg`);
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#37ca37');
  await expect(head.locator('link[rel="icon"]')).toHaveAttribute('href', '/demo/favicon.svg');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fixture-page-style').trim())).toBe('7px');
  // The funnel's primary domain, without the visitor's query; local development keeps its scheme and port.
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${FIXTURE}/second`);
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${FIXTURE}/second`);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(head.locator('meta[name="robots"]')).toHaveCount(0);

  await page.goto(`${FIXTURE}${await previewUrlOf('pg_fx_second')}`);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
});
