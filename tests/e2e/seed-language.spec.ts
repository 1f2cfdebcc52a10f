/**
 * Issue 30's language row (docs/requirements.md ELEMENTS-5), on the demo funnel (its location
 * speaks English): the document's `<html lang>` is the seller's content language; the
 * interface strings follow `?lang`, then the location's language; a part in the interface's
 * language, when it is another one, carries its own `lang`; and an error never puts the
 * seller's English field name inside a German sentence. The same on the form and survey
 * widget pages.
 */
import { expect, type Page, test } from '@playwright/test';
import { wakeWidget } from './support/wake';

async function sendEmptyOptIn(page: Page): Promise<void> {
  const form = page.locator('[data-form-id="form_optin"] form');
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button').last().click();
}

test('with ?lang=de the page stays lang="en" and the German interface strings carry lang="de", with no English inside them', async ({ page }) => {
  await page.goto('/?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const skip = page.locator('.ef-skip-link');
  await expect(skip).toHaveText('Zum Inhalt springen');
  await expect(skip).toHaveAttribute('lang', 'de');
  // The seller's headline has no lang of its own: it is the document's English.
  await expect(page.locator('h1').first()).not.toHaveAttribute('lang', /.*/);

  await sendEmptyOptIn(page);
  const error = page.locator('[data-field-error="first_name"]');
  await expect(error).toHaveText('Dieses Feld ist erforderlich.');
  await expect(error).toHaveAttribute('lang', 'de');
  await expect(page.locator('[data-form-id="form_optin"] .ef-alert')).toHaveAttribute('lang', 'de');
  await expect(page.locator('[data-form-id="form_optin"] .ef-alert')).toHaveText('Bitte korrigieren Sie die markierten Felder.');
});

test('without ?lang the interface is the location’s English: no lang on its parts, the message names the field', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.ef-skip-link')).not.toHaveAttribute('lang', /.*/);
  await sendEmptyOptIn(page);
  const error = page.locator('[data-field-error="first_name"]');
  await expect(error).toHaveText('Please fill in first name.');
  await expect(error).not.toHaveAttribute('lang', /.*/);
});

test('the form and survey widget pages follow the same rule', async ({ page }) => {
  await page.goto('/widget/form/form_optin?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Hydrated: the island replaced the server render and listens for submit.
  await wakeWidget(page);
  await page.locator('form').getByRole('button').last().click();
  const error = page.locator('[data-field-error="first_name"]');
  await expect(error).toHaveText('Dieses Feld ist erforderlich.');
  await expect(error).toHaveAttribute('lang', 'de');

  await page.goto('/survey/survey_demo?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
