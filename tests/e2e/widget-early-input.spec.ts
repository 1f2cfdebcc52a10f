/**
 * Widget pages before their code has arrived (issue 31, docs/requirements.md WIDGET-ROWS):
 * each test holds back a chunk of the island (its request waits until released), does what
 * a visitor on a slow connection does meanwhile, and checks that nothing was lost once the
 * code arrives. The form's and the survey's islands hydrate at the visitor's first use (`client:interact`,
 * src/client/interact-directive.ts), and a click or typing before their code has arrived is kept.
 */
import { expect, test } from '@playwright/test';
import { q, sql } from './forms-store';
import { holdScript } from './hold-script';
import { wakeWidget } from './support/wake';

test('a survey answer clicked before the survey’s code has arrived is held, the survey busy, and answered once it has', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/survey-widget.*.js');
  await page.goto('/survey/survey_demo');
  const island = page.locator('astro-island[ssr]');
  // The click is the visitor's first use: it wakes the island (client:interact), whose code is then held back.
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await held.requested;
  // Held: the island says it is busy, and nothing moves before the survey can handle it.
  await expect(island).toHaveAttribute('aria-busy', 'true');
  held.release();
  await expect(page.locator('[data-slide-id]')).toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(page.locator('astro-island')).not.toHaveAttribute('aria-busy');
});

test('arrow keys before the survey’s code has arrived only move the choice; Space on it afterwards is the answer', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/survey-widget.*.js');
  await page.goto('/survey/survey_demo');
  // The first Tab lands on the first answer and wakes the island (client:interact); its code is held back.
  await page.keyboard.press('Tab');
  await held.requested;
  // ↑ wraps to the disqualifying answer: chosen in the page, and no answer to act on.
  await page.keyboard.press('ArrowUp');
  const notStarted = page.getByRole('radio', { name: 'I have not started a business yet' });
  await expect(notStarted).toBeChecked();
  held.release();
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr');
  await expect(notStarted).toBeChecked();
  await expect(page.locator('[data-slide-id]')).toHaveAttribute('data-slide-id', 'slide_business');
  await expect(page.getByTestId('survey-end')).toHaveCount(0);
  // The visitor changes their mind with ↓ and answers with Space.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Coach or consultant' })).toBeChecked();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-slide-id]')).toHaveAttribute('data-slide-id', 'slide_revenue');
});

test('a form filled in and sent before its code has arrived is sent once it has, with what was typed', async ({ page }) => {
  const held = await holdScript(page, '**/_astro/form-widget.*.js');
  await page.goto('/widget/form/form_optin');
  const email = `early-${Date.now()}@example.com`;
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Email').fill(email);
  // Sent at once: the form itself waits out the spam defence's minimum fill time (src/widgets/form/submit.ts fillDelay) once its code is in.
  await page.getByRole('button', { name: 'Send me the guide' }).click();
  // Typing woke the island (client:interact); its code is held back.
  await held.requested;
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
  await wakeWidget(page);
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
  await wakeWidget(page);
  await held.requested;
  await page.getByLabel('Country', { exact: true }).selectOption('Canada');
  held.release();
  await expect(page.getByLabel('State', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Canada');
  await page.getByLabel('State', { exact: true }).selectOption('Ontario');
  await expect(page.getByLabel('City', { exact: true })).toBeEnabled();
});

test('a form or survey page nobody touches loads no React and still records its view; the first pointer over it loads the island', async ({ page }) => {
  for (const [path, chunk] of [
    ['/widget/form/form_optin', /\/form-widget\.[^/]+\.js$/],
    ['/survey/survey_demo', /\/survey-widget\.[^/]+\.js$/],
  ] as const) {
    const scripts: string[] = [];
    const onRequest = (request: { url: () => string; resourceType: () => string }) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', onRequest);
    const session = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
    await page.goto(path);
    // The view is recorded after load (src/widgets/form/view-script.ts), with no island code.
    expect((await session).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => chunk.test(url) || /\/client\.[^/]+\.js$/.test(url))).toEqual([]);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await wakeWidget(page);
    expect(scripts.filter((url) => chunk.test(url))).toHaveLength(1);
    page.off('request', onRequest);
  }
});
