/**
 * The order form's consent and terms boxes (issue 27) on the demo sales page, given their
 * texts through the admin API: the opt-in step shows an optional consent box, the payment
 * step a terms box that must be ticked before anything is paid; both are recorded with the
 * text the published page holds. The page is restored afterwards for the other specs.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { q, sql } from './forms-store';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { keepVariantA, openSalesPage, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const CONSENT = 'Send me the weekly tips, "the good ones" 🎉';
const TERMS = 'I accept the terms of sale & the refund policy.';
const auth = { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' };

// biome-ignore lint/suspicious/noExplicitAny: the page document is read loosely and patched.
type Loose = Record<string, any>;
let original: Loose | null = null;

async function publish(request: APIRequestContext, doc: Loose): Promise<void> {
  expect((await request.put(`${ORIGIN}/admin/v1/pages/pg_sales`, { headers: auth, data: doc })).ok()).toBe(true);
  expect((await request.post(`${ORIGIN}/admin/v1/pages/pg_sales/publish`, { headers: auth })).ok()).toBe(true);
}

function orderElement(node: unknown): Loose | null {
  if (!node || typeof node !== 'object') return null;
  const record = node as Loose;
  if (record.meta === 'two-setp-order') return record;
  for (const value of Object.values(record)) {
    const found = orderElement(value);
    if (found) return found;
  }
  return null;
}

test.beforeAll(async ({ request }) => {
  original = (await (await request.get(`${ORIGIN}/admin/v1/pages/pg_sales`, { headers: auth })).json()) as Loose;
  const doc = structuredClone(original);
  const element = orderElement(doc.elements);
  if (!element) throw new Error('the demo sales page has no two-step order form');
  element.extra.step1 = { ...element.extra.step1, consentText: CONSENT };
  element.extra.step2 = { ...element.extra.step2, termsText: TERMS };
  await publish(request, doc);
});

test.afterAll(async ({ request }) => {
  if (original) await publish(request, original);
});

test.beforeEach(async ({ page }) => {
  // The boxes are given to pg_sales, split-test variant a of /accelerator.
  await keepVariantA(page);
  await useStripeStandIn(page);
});

test('the consent box is recorded with the opt-in, and nothing is paid until the terms are accepted', async ({ page }) => {
  const email = visitorEmail('terms');
  const payCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/product/pay')) payCalls.push(r.url());
  });
  await openSalesPage(page);
  const consent = page.getByRole('checkbox', { name: CONSENT });
  await expect(consent).toBeVisible();
  await expect(consent).not.toBeChecked();
  expect((await new AxeBuilder({ page }).include('form.ef-order').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByLabel('Full name').fill('Tess Terms');
  await page.getByLabel('Email').fill(email);
  await consent.check();
  if (process.env.E2E_SHOTS) await page.locator('form.ef-order').screenshot({ path: 'test-results/order-consent-step1.png' });
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();

  const terms = page.getByRole('checkbox', { name: TERMS });
  await expect(terms).toBeVisible();
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  // The box's own error, tied to it; no payment was asked for.
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-field-error="terms"]')).toHaveText('Please choose at least one option.');
  expect(payCalls).toEqual([]);
  if (process.env.E2E_SHOTS) {
    // For a person to look at (not committed): the payment step with its terms error, wide and narrow.
    await page.locator('form.ef-order').screenshot({ path: 'test-results/order-consent-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('form.ef-order').screenshot({ path: 'test-results/order-consent-375.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  expect((await new AxeBuilder({ page }).include('form.ef-order').analyze()).violations.map((v) => v.id)).toEqual([]);

  await terms.check();
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');

  const rows = sql(
    `SELECT r.subject_kind, r.text, r.checks, r.page_id FROM consent_records r JOIN contacts c ON c.id = r.contact_id WHERE c.email = ${q(email)} ORDER BY r.subject_kind`,
  );
  expect(rows.map((r) => [r.subject_kind, r.text, r.page_id])).toEqual([
    ['optin', CONSENT, 'pg_sales'],
    ['order', TERMS, 'pg_sales'],
  ]);
  expect(rows.map((r) => JSON.parse(r.checks)[0].checked)).toEqual([true, true]);
});
