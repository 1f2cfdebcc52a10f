/**
 * Issue 30's two rows seen on the demo funnel (docs/requirements.md ROUTES-9, PAGE-DATA-11):
 * the member area opens from /welcome, for a new visitor and right after a purchase with the
 * token the sale stored; and the thank-you page greets the buyer by the name they gave,
 * with the seller's fallback for a visitor who gave none.
 */
import { expect, test } from '@playwright/test';
import { openFixture } from './fixture';
import { optIn, openSalesPage, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

test('a new visitor is greeted with the fallback and opens the member library without a token', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome aboard, friend! Your order is confirmed.');
  let alerted = '';
  page.on('dialog', (dialog) => {
    alerted = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Open the member area' }).click();
  await page.waitForURL('**/demo/members/library?**');
  const url = new URL(page.url());
  expect(url.searchParams.get('location_id')).toBe('loc_demo');
  expect(url.searchParams.get('domain')).toBe('localhost');
  expect(url.searchParams.has('token')).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member library');
  expect(alerted).toBe('');
});

test('after a purchase the thank-you page greets the buyer by name and the member area opens with their token', async ({ page }) => {
  await useStripeStandIn(page);
  await openSalesPage(page);
  await optIn(page, visitorEmail('member'), 'Grace Hopper');
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome aboard, Grace! Your order is confirmed.');
  const token = await page.evaluate(() => localStorage.getItem('membership_loc_demo'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: 'Open the member area' }).click();
  await page.waitForURL('**/demo/members/library?**');
  expect(new URL(page.url()).searchParams.get('token')).toBe(token);
  expect(new URL(page.url()).searchParams.get('location_id')).toBe('loc_demo');
});

test('the appointment merge fields come from the visitor’s last booking, else their fallback', async ({ page }) => {
  await openFixture(page);
  await expect(page.getByText('Feature text for booking none yet')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('ef_appointment_loc_demo', JSON.stringify({ id: 'apt_123', ical_link: 'https://x.test/a.ics' })));
  await openFixture(page);
  await expect(page.getByText('Feature text for booking apt_123')).toBeVisible();
});
