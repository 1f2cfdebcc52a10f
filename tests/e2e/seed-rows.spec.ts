/**
 * Issue 30's remaining seed rows on the seed30.localhost fixture funnel (tests/e2e/fixture-data:
 * pg_s30_main and form_s30_rules): the seed's message catalogue where a page's form uses it
 * (OPTIN-RULES-8), a merge failure in the page error log (PAGE-ERRORS-1), and the company
 * branding under a form that asks for it (PAGE-DATA-2).
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

const ORIGIN = `http://seed30.localhost:${E2E_PORT}`;
const FORM = '[data-form-id="form_s30_rules"]';

const errorOf = (page: Page, tag: string) => page.locator(`${FORM} [data-field-error="${tag}"]`);

async function openRules(page: Page): Promise<void> {
  const res = await page.goto(`${ORIGIN}/`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
}

async function send(page: Page): Promise<void> {
  await page.locator(FORM).getByRole('button', { name: 'Request an account' }).click();
}

test('a page’s form checks with the seed’s messages: location, the password letter, email or phone', async ({ page }) => {
  await openRules(page);
  await send(page);
  await expect(errorOf(page, 'location')).toHaveText('Location is required.');

  await page.getByLabel('Meeting place').fill('Room 4');
  await page.getByLabel('Password').fill('12345678');
  await page.getByLabel('Email or phone').fill('not a contact');
  await send(page);
  await expect(errorOf(page, 'location')).toHaveCount(0);
  await expect(errorOf(page, 'password')).toHaveText('The password must contain atleast 1 alphabet.');
  await expect(errorOf(page, 'email_or_phone')).toHaveText('Invalid email address/phone number');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');

  // Either an email or a phone number of the location's country passes.
  await page.getByLabel('Password').fill('abc12345');
  await page.getByLabel('Email or phone').fill('+1 202 456 1111');
  await page.getByLabel('Email', { exact: true }).fill(`rules-${Date.now()}@example.com`);
  await send(page);
  await expect(page.locator(`${FORM} .ef-thank-you`)).toHaveText('Thanks, we will set up your account.');
});

test('the unique-email check asks /exists: a contact the location has is refused, with the seed’s message', async ({ page }) => {
  const email = `taken-${Date.now()}@example.com`;
  const asked: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/exists') asked.push(response.status());
  });
  // The first request makes the contact.
  await openRules(page);
  await page.getByLabel('Meeting place').fill('Room 4');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await send(page);
  await expect(page.locator(`${FORM} .ef-thank-you`)).toBeVisible();
  expect(asked).toEqual([200]);

  await openRules(page);
  await page.getByLabel('Meeting place').fill('Room 4');
  await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await send(page);
  await expect(errorOf(page, 'email')).toHaveText('A user with this email already exists.');
  await expect(page.locator(`${FORM} .ef-thank-you`)).toHaveCount(0);
  expect(asked).toEqual([200, 409]);
});

test('a merge field that cannot be filled keeps its text and is reported to the page error log', async ({ page }) => {
  await openRules(page);
  await expect(page.locator('#p_s30_merge')).toContainText('Your ticket: {{ticket.number}}');
  await expect
    .poll(async () => {
      const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/page-errors?pageId=pg_s30_main`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
      const { errors } = (await res.json()) as { errors: { kind: string; message: string }[] };
      return errors.some((error) => error.kind === 'merge' && error.message.includes('{{ticket.number}}'));
    })
    .toBe(true);
});

test('a form that asks for branding shows the company’s logo and name, linking to its domain', async ({ page }) => {
  await openRules(page);
  const branding = page.locator(`${FORM} [data-branding]`);
  await expect(branding).toContainText('Powered by');
  await expect(branding.getByRole('link')).toHaveAttribute('href', 'https://localhost');
  await expect(branding.getByRole('link')).toHaveText('Brightpath Coaching');
  await expect(branding.locator('img')).toHaveAttribute('src', /brightpath-logo\.svg$/);
});

test('a survey element renders from its fresh copy in extra.surveyData, and a stale copy is fetched again', async ({ page }) => {
  await openRules(page);
  // The fresh copy's own wording: the page was rendered from it, with no call for the survey.
  await expect(page.locator('#survey_fresh')).toContainText("Which best describes you? (the page's copy)");
  // The stale copy (older than the survey's last change, as get_page answers it) is not shown: the survey is.
  await expect(page.locator('#survey_stale')).toContainText('Which best describes you?');
  await expect(page.locator('#survey_stale')).not.toContainText('An old question');
});

test('a calendar element renders from its fresh copy in extra.calendarData with no call for the calendar, and a stale copy is fetched again', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/appointment\/(widget_data|services)/.test(path)) asked.push(path);
  });
  await openRules(page);
  const fresh = page.locator('#calendar_fresh .ef-booking');
  const stale = page.locator('#calendar_stale .ef-booking');
  await fresh.scrollIntoViewIfNeeded();
  // The fresh copy's own event colour edges the widget: the page was rendered from the copy.
  await expect(fresh).toHaveAttribute('data-event-color', '#D50000');
  await stale.scrollIntoViewIfNeeded();
  // The stale copy (older than the calendar's last change, as get_page answers it) is not used: the calendar's own colour is.
  await expect(stale).toHaveAttribute('data-event-color', '#8E24AA');
  await expect(fresh.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  // Neither asked the browser to fetch the calendar: the page carried it.
  expect(asked).toEqual([]);
});
