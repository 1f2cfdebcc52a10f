/**
 * Widget pages before their code has arrived (issue 31, docs/requirements.md WIDGET-ROWS):
 * each test holds back a chunk of the island (its request waits until released), does what
 * a visitor on a slow connection does meanwhile, and checks that nothing was lost once the
 * code arrives. The page's island hydrates with `client:ready` (src/client/ready-directive.ts).
 */
import { expect, test } from '@playwright/test';
import { q, sql } from './forms-store';
import { holdScript } from './hold-script';

test('a survey answer clicked before the survey’s code has arrived is held, the survey busy, and answered once it has', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/survey-widget.*.js');
  await page.goto('/survey/survey_demo');
  await held.requested;
  const island = page.locator('astro-island[ssr]');
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  // Held: the island says it is busy, and nothing moves before the survey can handle it.
  await expect(island).toHaveAttribute('aria-busy', 'true');
  held.release();
  await expect(page.locator('[data-slide-id]')).toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(page.locator('astro-island')).not.toHaveAttribute('aria-busy');
});

test('a form filled in and sent before its code has arrived is sent once it has, with what was typed', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/form-widget.*.js');
  await page.goto('/widget/form/form_optin');
  await held.requested;
  const email = `early-${Date.now()}@example.com`;
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Email').fill(email);
  // Sent at once: the form itself waits out the spam defence's minimum fill time (src/widgets/form/submit.ts fillDelay) once its code is in.
  await page.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(page.locator('astro-island')).toHaveAttribute('aria-busy', 'true');
  // The browser did not post the form on its own meanwhile: the page is the same.
  await expect(page).toHaveURL(/\/widget\/form\/form_optin$/);
  held.release();
  await expect(page.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!');
  const [row] = sql(`SELECT s.data FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.ref_id = 'form_optin' AND c.email = ${q(email)}`);
  expect(JSON.parse(row?.data ?? '{}').values).toMatchObject({ first_name: 'Early' });
});

test('a signature typed before the signature field’s code has arrived is the signature once it has', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/signature-field.*.js');
  await page.goto('/widget/form/form_all_fields');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await held.requested;
  const typed = page.getByLabel('Or type your full name to sign');
  await typed.fill('Ada Lovelace');
  held.release();
  await expect(page.locator('.ef-signature [aria-live="polite"]')).toHaveText(/^signature_\d+\.png$/);
  await expect(typed).toHaveValue('Ada Lovelace');
});

test('a cascade level chosen before the cascade field’s code has arrived stays chosen and opens the next level', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/cascade-field.*.js');
  await page.goto('/widget/form/form_all_fields');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await held.requested;
  await page.getByLabel('Country', { exact: true }).selectOption('Canada');
  held.release();
  await expect(page.getByLabel('State', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Canada');
  await page.getByLabel('State', { exact: true }).selectOption('Ontario');
  await expect(page.getByLabel('City', { exact: true })).toBeEnabled();
});
