/**
 * The demo survey (scripts/demo-data/surveys/survey_demo.json) walked through every branch
 * of requirements WIDGET-STATES in Chromium: skip logic, end-survey, disqualify, back, auto-advance,
 * validation, progress; D1 holds what was submitted.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { q, sql } from './forms-store';
import { wakeWidget } from './support/wake';

const SURVEY = '/widget/survey/survey_demo';

const slide = (page: Page) => page.getByTestId('survey-slide');
const progress = (page: Page) => page.getByTestId('survey-progress');

/** Waits until the island is live: Astro drops `ssr` from the island once hydrated. */
async function hydrated(page: Page) {
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
}

async function openSurvey(page: Page, query = '') {
  const res = await page.goto(`${SURVEY}${query}`);
  expect(res?.status()).toBe(200);
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_business');
  await hydrated(page);
}

/** Waits until the slide's arrows unlock (1 s after a move) by waiting for Next to be enabled. */
async function next(page: Page) {
  await expect(page.getByTestId('survey-next')).toBeEnabled();
  await page.getByTestId('survey-next').click();
}

async function fillContact(page: Page, email: string) {
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_contact');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Email').fill(email);
}

const submissionOf = (email: string) =>
  sql(
    `SELECT s.disqualified, s.data FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.kind = 'survey' AND s.ref_id = 'survey_demo' AND c.email = ${q(email)}`,
  );

test('the coach branch: auto-advance, skip logic, a checkbox on Next, required messages, submit', async ({ page }) => {
  await openSurvey(page);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
  // On its own page the header image is the top of the screen: it loads at once.
  await expect(page.locator('img.ef-survey__header')).not.toHaveAttribute('loading', 'lazy');

  // Next without an answer: the single error reads "This question is required."
  await next(page);
  await expect(page.getByTestId('survey-alert')).toContainText('This question is required.');
  await expect(page.getByRole('radio', { name: 'Coach or consultant' })).toBeFocused();

  // A single choice advances by itself, to its skip-logic target.
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '25');
  // The chosen radio is gone: keyboard users continue from the new question.
  await expect(slide(page)).toBeFocused();
  await expect(slide(page)).toHaveAccessibleName('Question 2 of 4');

  await page.getByLabel('Roughly how much does your business make per month?').selectOption('$10,000 to $50,000');
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_challenge');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '50');

  // A checkbox never advances by itself; Next applies its target.
  await page.getByRole('checkbox', { name: 'Not enough leads' }).check();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_challenge');
  await next(page);
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_contact');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '75');

  // Several errors name their questions.
  await page.getByRole('button', { name: 'Submit answers' }).click();
  const alert = page.getByTestId('survey-alert');
  await expect(alert).toContainText('Question, "First name" is required.');
  await expect(alert).toContainText('Question, "Email" is required.');

  const email = `coach-${Date.now()}@example.com`;
  await fillContact(page, email);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('survey-end')).toHaveText('Thanks for submiting details, Will get back to you soon!');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '100');

  const [row] = submissionOf(email);
  expect(row?.disqualified).toBe(0);
  expect(JSON.parse(row?.data ?? '{}').values).toMatchObject({
    business_type: 'Coach or consultant',
    monthly_revenue: '$10,000 to $50,000',
    challenges: ['Not enough leads'],
    first_name: 'Robin',
  });
});

test('back follows the visited slides', async ({ page }) => {
  await openSurvey(page);
  await page.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_challenge');
  await expect(page.getByTestId('survey-back')).toBeEnabled();
  await page.getByTestId('survey-back').click();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_business');
  await expect(page.getByRole('radio', { name: 'Agency owner' })).toBeChecked();
  await expect(page.getByTestId('survey-back')).toBeDisabled();
});

test('"Just exploring" goes on, and the submission ends the survey with its end message', async ({ page }) => {
  await openSurvey(page);
  await page.getByRole('radio', { name: 'Just exploring' }).click();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_revenue');
  await page.getByLabel('Roughly how much does your business make per month?').selectOption('Under $2,000');
  await page.getByRole('checkbox', { name: 'No time for marketing' }).check();
  await next(page);
  const email = `explorer-${Date.now()}@example.com`;
  await fillContact(page, email);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('survey-end')).toHaveText('Thanks for exploring! We will send you a few free resources to get you started.');
  await expect(page.locator('[data-survey-end="ended"]')).toBeVisible();
  expect(submissionOf(email)[0]?.disqualified).toBe(1);
});

test('"I have not started" disqualifies at once with the seller text', async ({ page }) => {
  await openSurvey(page);
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/survey') && r.request().method() === 'POST');
  await page.getByRole('radio', { name: 'I have not started a business yet' }).click();
  await expect(page.getByTestId('survey-end')).toContainText('Thanks for your honesty!');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '100');
  const body = await (await stored).json();
  expect(body).toMatchObject({ status: true, disqualified: true });
});

/** The demo survey with other settings: no auto-navigation, no animation, endings that redirect. */
async function putVariant(id: string, formAction: Record<string, unknown>, settings: Record<string, unknown>) {
  const demo = JSON.parse(readFileSync(new URL('../../scripts/demo-data/surveys/survey_demo.json', import.meta.url), 'utf8'));
  demo.id = id;
  demo.formData.form.formAction = { ...demo.formData.form.formAction, ...formAction };
  demo.formData.settings = { ...demo.formData.settings, ...settings };
  const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/surveys/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  expect(res.ok).toBe(true);
}

test('with auto-navigation off a choice waits for Next; disqualifiedType "1" redirects with the answers merged in', async ({ page }) => {
  await putVariant(
    'survey_redirects',
    {
      disqualifiedType: '1',
      disqualifiedUrl: 'https://example.com/sorry?name={{contact.business_type}}',
      endsurveyType: '1',
      endsurveyUrl: 'https://example.com/ended',
    },
    { disableAutoNavigation: true, isAnimationDisabled: true },
  );
  await page.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Seller</title><h1>Seller page</h1>' }),
  );
  await page.goto('/survey/survey_redirects');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Coach or consultant' }).click();
  // No auto-advance, and without animation the arrows are never locked.
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_business');
  await page.getByTestId('survey-next').click();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_revenue');
  await page.getByTestId('survey-back').click();
  await page.getByRole('radio', { name: 'I have not started a business yet' }).click();
  await page.waitForURL('https://example.com/sorry?name=I%20have%20not%20started%20a%20business%20yet');
});

test('an answer prefilled by a crafted link shows as text in the end message and runs no script (issue 32)', async ({ page }) => {
  await putVariant(
    'survey_merge_text',
    {
      endsurveyText:
        '<p>Thanks <b>{{contact.first_name}}</b>!</p><img src={{contact.first_name}} alt="">' +
        '<p title={{contact.first_name}}>More soon.</p><img src="x" onerror="window.__xss = 3" alt="">',
    },
    {},
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const name = 'x onerror=window.__xss=1 <img src=x onerror=window.__xss=2>';
  await page.goto(`/survey/survey_merge_text?first_name=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Just exploring' }).click();
  await page.getByLabel('Roughly how much does your business make per month?').selectOption('Under $2,000');
  await page.getByRole('checkbox', { name: 'No time for marketing' }).check();
  await next(page);
  await expect(page.getByLabel('First name')).toHaveValue(name);
  await page.getByLabel('Email').fill(`crafted-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  const end = page.getByTestId('survey-end');
  await expect(end.locator('b')).toHaveText(name);
  await expect(end.locator('p[title]')).toHaveAttribute('title', name);
  // The value never became markup or a host: the image it was meant for has no source, and no image a handler.
  await expect(end.locator('img')).toHaveCount(2);
  await expect(end.locator('img').first()).not.toHaveAttribute('src');
  await expect(end.locator('img[onerror]')).toHaveCount(0);
  // Every image of the end has settled (loaded or failed), so a handler would have run by now.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('redirect=false keeps the visitor on the ending message instead of redirecting', async ({ page }) => {
  await putVariant('survey_redirects', { disqualifiedType: '1', disqualifiedUrl: 'https://example.com/sorry' }, {});
  await page.goto('/survey/survey_redirects?redirect=false');
  await hydrated(page);
  await page.getByRole('radio', { name: 'I have not started a business yet' }).click();
  await expect(page.getByTestId('survey-end')).toContainText('Thanks for your honesty!');
  expect(page.url()).toContain('/survey/survey_redirects');
});

test('axe finds no violations on the survey widget page, before and after an error', async ({ page }) => {
  await openSurvey(page);
  const check = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check();
  await next(page);
  await expect(page.getByTestId('survey-alert')).toBeVisible();
  await check();
});

test('a missing survey shows the error page with the status and the message', async ({ page }) => {
  const res = await page.goto('/survey/survey_missing');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Unable to find survey')).toBeVisible();
});
