/**
 * The date field (issue 31, docs/requirements.md WIDGET-ROWS): YYYY-MM-DD in an en-US
 * browser, a 100-year range, a date of birth that cannot be in the future, and the
 * WAI-ARIA date picker dialog used with the keyboard alone; its code loads only on forms
 * with a date field.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config';
import { putDocument } from './support/second-worker';
import { wakeWidget } from './support/wake';

test.use({ locale: 'en-US' });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const demo = (path: string) => JSON.parse(readFileSync(new URL(`../../scripts/demo-data/${path}`, import.meta.url), 'utf8'));

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** YYYY-MM-DD `days` after `date` (UTC arithmetic on plain dates). */
function shift(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let presses = 0; presses < 20; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const focusedDay = (page: Page) => page.locator('[role="gridcell"][data-date]:focus');

/** Opens the picker with the keyboard: Tab to its button, Enter. */
async function openWithKeyboard(page: Page, button: Locator): Promise<Locator> {
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(focusedDay(page)).toHaveCount(1);
  return dialog;
}

test('the date of birth: a YYYY-MM-DD text box with a picker dialog used by keyboard alone, future days disabled, axe clean', async ({ page }) => {
  // A long keyboard walk with three axe runs: on the shared 2-core machine it has taken over 60 s.
  test.setTimeout(150_000);
  const chunks: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/_astro/date-picker.')) chunks.push(req.url());
  });
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  const input = page.getByLabel('Date of birth');
  await expect(input).toHaveAttribute('type', 'text');
  await expect(input).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  // A form with a date field loads the picker ahead of need.
  await expect.poll(() => chunks.length).toBeGreaterThan(0);

  const button = page.getByRole('button', { name: 'Choose date' });
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  const dialog = await openWithKeyboard(page, button);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('grid')).toBeVisible();
  await noAxeViolations(page);

  // It opens on today, the last day a date of birth can be: every later day is disabled.
  const today = (await page.locator('[role="gridcell"][aria-current="date"]').getAttribute('data-date')) ?? '';
  await expect(focusedDay(page)).toHaveAttribute('data-date', today);
  await expect(dialog.getByRole('button', { name: 'Next month' })).toBeDisabled();
  const cells = await dialog
    .locator('[role="gridcell"][data-date]')
    .evaluateAll((list) => list.map((cell) => [cell.getAttribute('data-date') ?? '', cell.getAttribute('aria-disabled') === 'true'] as const));
  expect(cells.length).toBeGreaterThan(27);
  for (const [date, disabled] of cells) expect(disabled, date).toBe(date > today);
  // The 100-year range: the year list runs from 100 years ago to this year.
  const years = await dialog.getByRole('combobox', { name: 'Year' }).locator('option').allTextContents();
  expect(years[0]).toBe(String(Number(today.slice(0, 4)) - 100));
  expect(years.at(-1)).toBe(today.slice(0, 4));

  // Arrows move by day and week, Page Up/Down by month, Shift+Page Up by year.
  await page.keyboard.press('ArrowLeft');
  await expect(focusedDay(page)).toHaveAttribute('data-date', shift(today, -1));
  await page.keyboard.press('ArrowUp');
  await expect(focusedDay(page)).toHaveAttribute('data-date', shift(today, -8));
  const before = (await focusedDay(page).getAttribute('data-date')) ?? '';
  await page.keyboard.press('PageUp');
  const monthBack = (await focusedDay(page).getAttribute('data-date')) ?? '';
  expect(monthBack.slice(0, 7) < before.slice(0, 7)).toBe(true);
  await page.keyboard.press('Shift+PageUp');
  const yearBack = (await focusedDay(page).getAttribute('data-date')) ?? '';
  expect(yearBack.slice(0, 4)).toBe(String(Number(monthBack.slice(0, 4)) - 1));
  await page.keyboard.press('PageDown');
  await expect(focusedDay(page)).not.toHaveAttribute('data-date', yearBack);

  // Escape closes, nothing is chosen, and the focus is back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(input).toHaveValue('');

  // The year list ("click the year to select a year from the past") and the month list, typed
  // into; back in the grid, the arrows reach the day and Enter picks it.
  const dialogAgain = await openWithKeyboard(page, button);
  const year = dialogAgain.getByRole('combobox', { name: 'Year' });
  await tabTo(page, year, true);
  await page.keyboard.type('1990');
  await expect(year).toHaveValue('1990');
  const month = dialogAgain.getByRole('combobox', { name: 'Month' });
  await tabTo(page, month, true);
  await page.keyboard.type('May');
  await expect(month).toHaveValue('5');
  await tabTo(page, dialogAgain.locator('[role="gridcell"][tabindex="0"]'));
  const landed = Number(((await focusedDay(page).getAttribute('data-date')) ?? '').slice(8));
  for (let day = landed; day !== 17; day += day < 17 ? 1 : -1) await page.keyboard.press(day < 17 ? 'ArrowRight' : 'ArrowLeft');
  await expect(focusedDay(page)).toHaveAttribute('data-date', '1990-05-17');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // YYYY-MM-DD, never the browser's mm/dd/yyyy.
  await expect(input).toHaveValue('1990-05-17');
  const changed = page.getByRole('button', { name: 'Change date, 1990-05-17' });
  await expect(changed).toBeFocused();
  await noAxeViolations(page);

  // Tab stays in the dialog.
  await openWithKeyboard(page, changed);
  await expect(focusedDay(page)).toHaveAttribute('data-date', '1990-05-17');
  await expect(focusedDay(page)).toHaveAttribute('aria-selected', 'true');
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  expect(await inDialog()).toBe(true);
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Shift+Tab');
  expect(await inDialog()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(changed).toBeFocused();
});

test('a date field 100 years either side of today; a form without one never loads the picker; a survey moves on when a day is picked', async ({ page }) => {
  const survey = demo('surveys/survey_demo.json');
  survey.id = 'survey_date';
  survey.formData.settings = { ...survey.formData.settings, isAnimationDisabled: true };
  survey.formData.slides = [
    {
      id: 'slide_date',
      slideName: 'Start',
      slideData: [{ id: 'start_date', tag: 'start_date', type: 'date', label: 'When do you want to start?', required: true }],
    },
    ...survey.formData.slides.slice(1),
  ];
  await putDocument(ORIGIN, 'surveys', survey);

  const chunks: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/_astro/date-picker.')) chunks.push(req.url());
  });
  await page.goto('/widget/form/form_optin');
  await wakeWidget(page);
  await page.getByLabel('First name').fill('Ann');
  expect(chunks).toEqual([]);

  await page.goto('/widget/survey/survey_date');
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  const input = page.getByLabel('When do you want to start?');
  // Typing a date does not move on by itself.
  await input.fill('2030-01-0');
  await expect(page.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_date');
  await input.fill('');
  const dialog = await openWithKeyboard(page, page.getByRole('button', { name: 'Choose date' }));
  const today = (await page.locator('[role="gridcell"][aria-current="date"]').getAttribute('data-date')) ?? '';
  const years = await dialog.getByRole('combobox', { name: 'Year' }).locator('option').allTextContents();
  expect(years).toHaveLength(201);
  expect(years[0]).toBe(String(Number(today.slice(0, 4)) - 100));
  expect(years.at(-1)).toBe(String(Number(today.slice(0, 4)) + 100));
  await expect(dialog.getByRole('button', { name: 'Next month' })).toBeEnabled();
  await noAxeViolations(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Picked: the answer is in, and the survey moves on.
  await expect(page.getByTestId('survey-slide')).not.toHaveAttribute('data-slide-id', 'slide_date');
  await page.getByTestId('survey-back').click();
  await expect(page.getByLabel('When do you want to start?')).toHaveValue(shift(today, 7));
});
