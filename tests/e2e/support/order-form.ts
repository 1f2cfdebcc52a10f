/** Steps of the demo order forms, as a visitor takes them (tests/e2e/checkout*.spec.ts). */
import { expect, type Page } from '@playwright/test';

export const ORDER_FORM = 'form.ef-order[data-hydrated]';

/** A unique address per test, so database checks see only this visitor's rows. */
export const visitorEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The demo runs a split test on /accelerator (scripts/demo-data/experiments): a fresh visitor
 * sees pg_sales or its headline variant pg_sales_b by chance. A spec that changes pg_sales, or
 * looks for what happened on it (its consent records, its error log), keeps its visitor in
 * variant a, as the cookie the edge sets keeps a returning visitor there.
 */
export async function keepVariantA(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'ef_x_exp_accelerator_headline', value: 'a', url: 'http://localhost/' }]);
}

/**
 * Opens the demo sales page and waits for the order form to hydrate. A two-step form's code
 * loads when the visitor reaches for it (client:interact), so the pointer moves over it.
 */
export async function openSalesPage(page: Page, url = '/accelerator'): Promise<void> {
  await page.goto(url);
  await page.locator('form.ef-order').scrollIntoViewIfNeeded();
  await page.locator('form.ef-order').hover();
  await expect(page.locator(ORDER_FORM)).toBeVisible();
}

/** Step one of the two-step form: the contact opt-in. */
export async function optIn(page: Page, email: string, name = 'Ada Buyer'): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Go to step 2' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

/** Waits for the pay button to be usable again after a failed payment. */
export async function expectIdle(page: Page, button = 'Complete my order'): Promise<void> {
  await expect(page.locator('form.ef-order')).toHaveAttribute('data-order-state', 'idle');
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
}
