/**
 * Turnstile on a form, a survey and a calendar's own form, with both Turnstile keys set: a
 * second worker of the build runs with Cloudflare's interactive test site key and a passing
 * test secret, its siteverify calls answered by a local stand-in (TURNSTILE_VERIFY_URL), and
 * the browser's Turnstile script routed to the script stand-in. Without ticking the
 * challenge nothing is sent; ticked, the token reaches the worker, which verifies it, and
 * the submission or booking is stored.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, uniqueEmail } from './booking-helpers';
import { E2E_PORT } from './playwright.config';
import { queryD1 } from './support/checkout-db';
import { putDocument, type SecondWorker, startSecondWorker } from './support/second-worker';
import { type Siteverify, startSiteverify, TURNSTILE_KEYS, useTurnstileStandIn } from './support/turnstile';
import { wakeWidget } from './support/wake';

const STATE = '.e2e-state-turnstile';
let worker: SecondWorker;
let siteverify: Siteverify;

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  siteverify = await startSiteverify(E2E_PORT + 113);
  worker = await startSecondWorker(E2E_PORT + 3, STATE, {
    TURNSTILE_SITE_KEY: TURNSTILE_KEYS.site,
    TURNSTILE_SECRET_KEY: TURNSTILE_KEYS.secret,
    TURNSTILE_VERIFY_URL: siteverify.url,
  });
  const field = (tag: string, label: string, type: string) => ({ id: tag, tag, label, type, required: true, fieldName: tag });
  await putDocument(worker.origin, 'forms', {
    id: 'form_captcha',
    locationId: 'loc_demo',
    name: 'Captcha form',
    form: {
      fields: [field('first_name', 'First name', 'text'), field('email', 'Email', 'email'), field('captcha', 'Captcha', 'captcha')],
      button: { text: 'Send' },
    },
  } as { id: string });
  await putDocument(worker.origin, 'surveys', {
    id: 'survey_captcha',
    locationId: 'loc_demo',
    name: 'Captcha survey',
    formData: { slides: [{ id: 's1', slideName: 'Contact', slideData: [field('email', 'Email', 'email'), field('captcha', 'Captcha', 'captcha')] }] },
  } as { id: string });
});

test.afterAll(async () => {
  worker?.stop();
  await siteverify?.close();
});

const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const stored = (sql: string, params: string[]) => queryD1<Record<string, unknown>>(sql, params, STATE);

async function tickChallenge(page: Page): Promise<void> {
  await page.getByLabel('Verify you are human').check();
  await expect(page.locator('.cf-turnstile-stand-in')).toHaveAttribute('data-turnstile', 'passed');
}

test('a form with a captcha field is sent only with a verified Turnstile token', async ({ page }) => {
  await useTurnstileStandIn(page);
  const email = uniqueEmail('captcha-form');
  await page.goto(`${worker.origin}/widget/form/form_captcha`);
  await page.getByLabel(/first name/i).fill('Tess');
  await page.getByLabel(/email/i).fill(email);
  await expect(page.getByLabel('Verify you are human')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invalid Captcha')).toBeVisible();
  expect(stored('SELECT id FROM contacts WHERE email = ?', [email])).toEqual([]);

  await tickChallenge(page);
  await expectNoAxeViolations(page, 'form');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thanks for submiting details, Will get back to you soon!')).toBeVisible();
  expect(siteverify.tokens).toContain(DUMMY_TOKEN);
  expect(stored("SELECT s.kind FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE c.email = ? AND s.ref_id = 'form_captcha'", [email])).toEqual([
    { kind: 'form' },
  ]);
});

test('a survey with a captcha field is sent only with a verified Turnstile token', async ({ page }) => {
  await useTurnstileStandIn(page);
  const email = uniqueEmail('captcha-survey');
  const asked = siteverify.tokens.length;
  await page.goto(`${worker.origin}/survey/survey_captcha`);
  // As on the form: the visitor sees the survey ready and the challenge shown before sending.
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await expect(page.getByLabel('Verify you are human')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid captcha')).toBeVisible();
  await tickChallenge(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks for submiting details, Will get back to you soon!')).toBeVisible();
  expect(siteverify.tokens.slice(asked)).toEqual([DUMMY_TOKEN]);
  expect(stored("SELECT s.kind FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE c.email = ? AND s.ref_id = 'survey_captcha'", [email])).toEqual([
    { kind: 'survey' },
  ]);
});

test('a calendar whose own form has a captcha field renders Turnstile in the contact step and books', async ({ page }) => {
  await useTurnstileStandIn(page);
  const email = uniqueEmail('captcha-booking');
  const asked = siteverify.tokens.length;
  await page.goto(`${worker.origin}/widget/booking/cal_team`);
  const widget = page.locator('.ef-booking');
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  await widget.locator('.ef-booking__slot').first().click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
  await widget.getByLabel(/first name/i).fill('Cato');
  await widget.getByLabel(/email/i).fill(email);
  await expect(widget.getByLabel('Verify you are human')).toBeVisible();
  await widget.getByRole('button', { name: 'Book with the team' }).click();
  await expect(widget.getByText('Invalid Captcha')).toBeVisible();
  await tickChallenge(page);
  await expectNoAxeViolations(page);
  await widget.getByRole('button', { name: 'Book with the team' }).click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  expect(siteverify.tokens.slice(asked)).toEqual([DUMMY_TOKEN]);
  const booked = stored("SELECT a.user_id FROM appointments a JOIN contacts c ON c.id = a.contact_id WHERE c.email = ? AND a.calendar_id = 'cal_team'", [
    email,
  ]);
  expect(booked).toHaveLength(1);
});
