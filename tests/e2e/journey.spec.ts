/**
 * The seller's journey through their leads (issue 27), against the built worker: a visitor
 * arrives from a campaign, submits a form with a file, answers a survey, books a call and
 * buys with the Stripe stand-in, all in one browser (coming back once from another campaign
 * in between, which replaces the last touch only); then the seller, through the admin API,
 * finds every record with the campaign as its attribution, downloads the file through its
 * signed link, and exports the form's answers as CSV, which a real CSV parser reads back
 * with the visitor's commas, quotes, line breaks and emoji intact.
 */
import { parse } from 'csv-parse/sync';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fillContact, firstFreeSlot, openWidget, VISITOR_ZONE } from './booking-helpers';
import { q, sql } from './forms-store';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { openSalesPage, optIn } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';
import { wakeWidget } from './support/wake';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const CAMPAIGN = { utm_source: 'spring-launch', utm_medium: 'email', utm_campaign: 'journey "2026", part 1', gclid: 'Cj0KCQjourney' };
const PDF = Buffer.from('%PDF-1.7\n%journey\n');
/** What the visitor types: a comma, quotes, a line break and emoji. */
const STORY = 'We coach founders, "mostly" remote.\nSecond line: 🎉🚀 done';

test.use({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await useStripeStandIn(page);
});

// biome-ignore lint/suspicious/noExplicitAny: admin answers are read loosely and asserted on.
type Loose = Record<string, any>;

async function adminGet(request: APIRequestContext, path: string) {
  const res = await request.get(`${ORIGIN}/admin/v1${path}`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
  expect(res.status(), path).toBe(200);
  return res;
}

async function submitFormWithFile(page: Page, email: string): Promise<void> {
  await page.goto('/widget/form/form_all_fields');
  await wakeWidget(page);
  const field = (tag: string) => page.locator(`[data-field="${tag}"]`);
  await page.getByLabel('First name').fill('Journey');
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 617 555 0142');
  await field('country').locator('select').selectOption('US');
  await page.getByLabel('New clients per month').fill('4');
  await page.getByLabel('Goal 1').fill('More calls');
  await page.getByLabel('Anything else we should know?').fill(STORY);
  await page.getByLabel('Referrals').check();
  await page.getByLabel('Your niche').selectOption('Career');
  const levels = field('office_location').locator('select');
  await levels.nth(0).selectOption('Canada');
  await levels.nth(1).selectOption('Ontario');
  await levels.nth(2).selectOption('Toronto');
  await page.getByLabel('Logo or brand guide').setInputFiles([{ name: 'brand guide, "v2" 🎨.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  const pad = page.locator('.ef-signature__pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 80, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Request my strategy session' }).click();
  await expect(page.locator('[data-form-state="done"]')).toBeVisible();
}

async function answerSurvey(page: Page, email: string): Promise<void> {
  await page.goto('/widget/survey/survey_demo');
  const slide = page.getByTestId('survey-slide');
  await wakeWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(slide).toHaveAttribute('data-slide-id', 'slide_challenge');
  await page.getByRole('checkbox', { name: 'Calls do not convert' }).check();
  await expect(page.getByTestId('survey-next')).toBeEnabled();
  await page.getByTestId('survey-next').click();
  await expect(slide).toHaveAttribute('data-slide-id', 'slide_contact');
  await page.getByLabel('First name').fill('Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('survey-end')).toBeVisible();
}

async function book(page: Page, email: string): Promise<void> {
  const widget = await openWidget(page, '/widget/booking/cal_discovery');
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Journey', last: 'Visitor', email, phone: '+1 202 555 0143' });
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
}

async function buy(page: Page, email: string): Promise<void> {
  await openSalesPage(page);
  await optIn(page, email, 'Journey Visitor');
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');
}

test('a campaign visitor’s form, survey, booking and order reach the seller with their attribution, file and exact text', async ({
  page,
  request,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `journey.${Date.now().toString(36)}@example.com`;

  // The visitor arrives from the campaign: the edge keeps it in its first-party cookies.
  await page.goto(`/?${new URLSearchParams(CAMPAIGN)}`);
  const cookies = await context.cookies(ORIGIN);
  for (const name of ['ef_ft', 'ef_lt']) expect(cookies.find((c) => c.name === name)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const cookie = async (name: string) => (await context.cookies(ORIGIN)).find((c) => c.name === name)?.value;
  const firstCookie = await cookie('ef_ft');
  // A later visit from another campaign: the last touch only.
  await page.goto('/?utm_source=reminder&utm_medium=sms');
  expect(await cookie('ef_ft')).toBe(firstCookie);
  expect(await cookie('ef_lt')).not.toBe(cookies.find((c) => c.name === 'ef_lt')?.value);

  // A first view answered from the page's edge copy (views without a campaign's query are)
  // gets its touches too, added to the answer and never kept in the copy.
  await expect.poll(async () => (await request.get(`${ORIGIN}/`)).headers()['x-edge-cache']).toBe('hit');
  const kept = await request.get(`${ORIGIN}/`);
  expect(kept.headers()['x-edge-cache']).toBe('hit');
  expect(kept.headers()['set-cookie']).toBeUndefined();
  const stranger = await browser.newContext();
  const hit = await (await stranger.newPage()).goto(`${ORIGIN}/`, { referer: 'https://news.example/story' });
  expect(hit?.headers()['x-edge-cache']).toBe('hit');
  const names: string[] = (await stranger.cookies(ORIGIN)).map((c: { name: string }) => c.name);
  expect(names.filter((name) => name.startsWith('ef_')).sort()).toEqual(['ef_ft', 'ef_lt']);
  await stranger.close();

  await submitFormWithFile(page, email);
  await answerSurvey(page, email);
  await book(page, email);
  await buy(page, email);

  // The seller: every record, found by the visitor's email, carries the campaign.
  const search = `q=${encodeURIComponent(email)}`;
  const first = { utm_source: 'spring-launch', utm_medium: 'email', utm_campaign: CAMPAIGN.utm_campaign, gclid: CAMPAIGN.gclid };
  const [contact] = (await (await adminGet(request, `/contacts?${search}`)).json()).items as Loose[];
  expect(contact?.firstTouch).toMatchObject({ ...first, landing: expect.stringContaining(`${ORIGIN}/?utm_source=spring-launch`) });
  const submissions = (await (await adminGet(request, `/submissions?${search}`)).json()).items as Loose[];
  expect(submissions.map((s) => s.kind).sort()).toEqual(['appointment', 'form', 'survey']);
  for (const submission of submissions) expect(submission.firstTouch).toMatchObject(first);
  const [appointment] = (await (await adminGet(request, `/appointments?${search}`)).json()).items as Loose[];
  expect(appointment?.firstTouch).toMatchObject(first);
  const [order] = (await (await adminGet(request, `/orders?${search}`)).json()).items as Loose[];
  expect(order).toMatchObject({ status: 'paid', firstTouch: first, lastTouch: { utm_source: 'reminder', utm_medium: 'sms' } });
  expect(order?.lastTouch.gclid).toBeUndefined();

  // The uploaded file downloads through its signed link, as an attachment.
  const form = submissions.find((s) => s.kind === 'form') as Loose;
  const [upload] = sql(`SELECT id FROM uploads WHERE owner_id = ${q(form.id)} AND filename LIKE 'brand guide%'`);
  const { url } = await (await adminGet(request, `/uploads/${upload?.id}/link`)).json();
  const file = await request.get(new URL(url, ORIGIN).href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(file.headers()['content-disposition']).toContain("filename*=UTF-8''brand%20guide");
  expect(Buffer.from(await file.body())).toEqual(PDF);

  // The form's CSV export, read by a real CSV parser: the visitor's text round-trips exactly.
  const csv = await (await adminGet(request, '/submissions/export?format=csv&form_id=form_all_fields&bom=1')).text();
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  const mine = rows.find((row) => row.email === email);
  expect(mine?.['Anything else we should know?']).toBe(STORY);
  expect(mine).toMatchObject({
    first_utm_source: 'spring-launch',
    first_utm_campaign: CAMPAIGN.utm_campaign,
    first_click_ids: `gclid=${CAMPAIGN.gclid}`,
    last_utm_source: 'reminder',
    last_click_ids: '',
  });
});
