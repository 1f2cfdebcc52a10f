/**
 * Rows of issue 31 (docs/requirements.md, WIDGET-ROWS) that are not a keyboard walk: layout
 * at the narrowest screens, and the other seed rows the widgets now honour.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { holdScript } from './hold-script';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { wakeWidget } from './support/wake';

test('at 320 px form_all_fields never scrolls sideways (the native file input included)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  await expect(page.locator('.ef-file-input')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('too many files, or more than 50 MB, are refused when chosen with the seed alert beside the field; the files chosen before stay', async ({ page }) => {
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  // The file field is a chunk of its own: choose files once it has replaced its Loading line.
  await expect(page.locator('.ef-loading')).toHaveCount(0);
  await expect(page.locator('.ef-files input.ef-file-input')).toBeAttached();
  const input = page.getByLabel('Logo or brand guide');
  const pdf = (name: string, size = 16) => ({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(size, 37) });
  await input.setInputFiles([pdf('a.pdf'), pdf('b.pdf')]);
  await expect(page.locator('.ef-file-list li')).toHaveCount(2);
  await input.setInputFiles([pdf('c.pdf'), pdf('d.pdf')]);
  const alert = page.getByTestId('files-refused');
  await expect(alert).toHaveText('The field only allows a maximum of 3 files');
  await expect(alert).toHaveRole('alert');
  await expect(page.locator('.ef-file-list li')).toHaveCount(2);
  // Two 26 MB files on disk (Playwright takes files this big from disk): over the 50 MB in total.
  const dir = mkdtempSync(join(tmpdir(), 'ef-rows-'));
  for (const name of ['big1.pdf', 'big2.pdf']) writeFileSync(join(dir, name), Buffer.alloc(26 * 1024 * 1024, 37));
  await input.setInputFiles([join(dir, 'big1.pdf')]);
  await expect(page.locator('.ef-file-list li')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove a.pdf' }).click();
  await expect(alert).toHaveCount(0);
  await input.setInputFiles([join(dir, 'big2.pdf')]);
  await expect(alert).toHaveText('The total size of the attached files cannot be more that 50MB');
  await expect(page.locator('.ef-file-list li')).toHaveCount(2);
});

test('files chosen before the file field’s code has arrived are listed once it has', async ({ page }) => {
  // The page's input is the server's until the field's chunk hydrates it; React drops a change
  // it hears before then, so a slow chunk (a busy machine, a slow connection) lost the files.
  const { requested, release } = await holdScript(page, '**/_astro/file-upload-field.*.js');
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  await requested;
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(16, 37) });
  await page.getByLabel('Logo or brand guide').setInputFiles([pdf('early1.pdf'), pdf('early2.pdf')]);
  await expect(page.locator('.ef-file-list li')).toHaveCount(0);
  release();
  await expect(page.locator('.ef-file-list li')).toHaveText([/^early1\.pdf/, /^early2\.pdf/]);
  await expect(page.getByRole('button', { name: 'Remove early1.pdf' })).toBeVisible();
});

test('money is grouped while it is typed and reformatted to two decimals on focus and blur', async ({ page }) => {
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  // Type once the form's lazy fields (signature, files, cascade) have arrived and it has settled.
  await expect(page.locator('.ef-loading')).toHaveCount(0);
  const budget = page.getByLabel('Monthly marketing budget');
  await budget.pressSequentially('12345');
  await expect(budget).toHaveValue('12,345');
  await budget.pressSequentially('.5');
  await expect(budget).toHaveValue('12,345.5');
  await budget.blur();
  await expect(budget).toHaveValue('12,345.50');
  await budget.focus();
  await expect(budget).toHaveValue('12,345.50');
});

/** survey_demo with hidden labels, a checkbox option that disqualifies, and a required country on the contact slide. */
async function putSurveyRows(): Promise<void> {
  const demo = JSON.parse(readFileSync(new URL('../../scripts/demo-data/surveys/survey_demo.json', import.meta.url), 'utf8'));
  demo.id = 'survey_rows';
  demo.formData.form.formLabelVisible = false;
  demo.formData.settings = { ...demo.formData.settings, isAnimationDisabled: true };
  const challenge = demo.formData.slides.find((s: { id: string }) => s.id === 'slide_challenge');
  challenge.logic.challenges = challenge.logic.challenges.map((rule: { optionName: string }) =>
    rule.optionName === 'No time for marketing' ? { optionName: rule.optionName, index: -1, id: 'disqualify' } : rule,
  );
  const contact = demo.formData.slides.find((s: { id: string }) => s.id === 'slide_contact');
  contact.slideData.push({ id: 'country', tag: 'country', type: 'select', label: 'Country', required: true, fieldName: 'country' });
  const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/surveys/survey_rows`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  expect(res.ok).toBe(true);
}

test('a survey with hidden labels: placeholders carry them with a * when required, screen readers keep them', async ({ page }) => {
  await putSurveyRows();
  await page.goto('/widget/survey/survey_rows');
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await page.getByLabel('Roughly how much does your business make per month?').selectOption('$10,000 to $50,000');
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
  await page.getByRole('checkbox', { name: 'Not enough leads' }).check();
  await page.getByTestId('survey-next').click();
  const name = page.getByRole('textbox', { name: /First name/ });
  await expect(name).toHaveAttribute('placeholder', 'First name *');
  await expect(page.locator('label[for]', { hasText: 'First name' })).toHaveClass(/ef-sr-only/);
  // A required country left empty says "This field is required." in a survey too.
  await page.getByRole('combobox', { name: /Country/ }).selectOption('');
  await name.fill('Robin');
  await page.getByRole('textbox', { name: /Email/ }).fill('robin.rows@example.com');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.locator('[data-field-error="country"]')).toHaveText('This field is required.');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('a ticked "disqualify" checkbox option outranks the slide targets ticked beside it', async ({ page }) => {
  await putSurveyRows();
  await page.goto('/widget/survey/survey_rows');
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
  await page.getByRole('checkbox', { name: 'Not enough leads' }).check();
  await page.getByRole('checkbox', { name: 'No time for marketing' }).check();
  await page.getByTestId('survey-next').click();
  await expect(page.getByTestId('survey-end')).toHaveAttribute('data-survey-end', 'disqualified');
  await expect(page.getByTestId('survey-end')).toBeFocused();
});
