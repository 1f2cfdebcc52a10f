/**
 * Issue 31 rows of the widgets' look and of what their payloads say about the visit
 * (docs/requirements.md WIDGET-ROWS 26-31): the event palette of 11 and "Schedule Meeting" of
 * a v3 calendar; the booking widget at 375, 700, 768, 1024 and 1280 px beside its own 650 px
 * rule; `sticky_contact_help`; `domain` and `page_url`, `sessionId` and `sessionFingerprint`,
 * and the token-proven `contact_id` in the form, survey and booking payloads.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import { fillContact, firstFreeSlot, openDay, openWidget, ORIGIN, uniqueEmail } from './booking-helpers';
import { E2E_TOKEN } from './playwright.config';
import { wakeWidget } from './support/wake';

// biome-ignore lint/suspicious/noExplicitAny: answers and payloads are read loosely and asserted on.
type Loose = Record<string, any>;

const demo = (path: string) => JSON.parse(readFileSync(new URL(`../../scripts/demo-data/${path}`, import.meta.url), 'utf8'));

async function admin(method: 'GET' | 'PUT', path: string, doc?: Record<string, unknown>): Promise<Loose> {
  const res = await fetch(`${ORIGIN}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    ...(doc ? { body: JSON.stringify(doc) } : {}),
  });
  expect(res.ok, `${method} ${path}`).toBe(true);
  return (await res.json()) as Loose;
}

/** The `formData` JSON of a multipart submission the widget sent. */
const payloadOf = (request: Request): Loose =>
  JSON.parse((request.postDataBuffer() ?? Buffer.from('')).toString('utf8').match(/name="formData"\r\n\r\n(.*)\r\n/)?.[1] ?? '{}');

const submission = (page: Page, path: string) => page.waitForRequest((r) => r.url().endsWith(`/api${path}`) && r.method() === 'POST');
const sessionAnswer = async (page: Page) => (await (await page.waitForResponse((r) => r.url().endsWith('/api/session'))).json()) as Loose;

const STICKY_FORM = {
  id: 'form_sticky',
  locationId: 'loc_demo',
  name: 'Sticky form',
  form: {
    fields: [
      { id: 'first_name', tag: 'first_name', label: 'First name', type: 'text', required: true },
      { id: 'email', tag: 'email', label: 'Email', type: 'email', required: true },
      { id: 'submit', tag: 'submit', label: 'Send', type: 'submit' },
    ],
    stickyContact: true,
    formAction: { actionType: 2, thankyouText: 'Thanks, got it!' },
  },
};

/** A survey that asks no email or phone: its answers land on the visitor's sticky contact, when they prove it. */
const STICKY_SURVEY = {
  id: 'survey_sticky',
  locationId: 'loc_demo',
  name: 'Sticky survey',
  formData: {
    form: {
      formAction: { endsurveyText: '', disqualifiedText: '' },
      stickyContact: true,
      button: { text: 'Send answers' },
    },
    slides: [{ id: 'slide_goal', slideName: 'Goal', active: true, slideData: [{ id: 'goal', tag: 'goal', label: 'Your goal', type: 'text', required: true }] }],
  },
};

test.beforeAll(async () => {
  await admin('PUT', '/forms/form_sticky', STICKY_FORM);
  await admin('PUT', '/surveys/survey_sticky', STICKY_SURVEY);
});

test('the event colour is one of the palette of 11 (default #8E24AA): the service list and the widget wear it', async ({ page }) => {
  // A provider of its own, so the demo provider's service list stays as it is.
  await admin('PUT', '/calendar-providers/provider_palette', {
    ...demo('calendar-providers/demo-provider.json'),
    id: 'provider_palette',
    slug: 'palette-provider',
  });
  const base = { ...demo('calendars/cal_discovery.json'), providerId: 'provider_palette' };
  await admin('PUT', '/calendars/cal_tomato', { ...base, id: 'cal_tomato', slug: 'tomato-call', name: 'Tomato call', event_color: 'tomato' });
  await admin('PUT', '/calendars/cal_offpalette', { ...base, id: 'cal_offpalette', slug: 'off-palette', name: 'Off-palette call', event_color: '#123456' });
  await page.goto('/widget/appointment/palette-provider');
  const border = (name: string) => page.getByRole('link', { name: new RegExp(name) }).evaluate((a) => getComputedStyle(a).borderLeftColor);
  expect(await border('Tomato call')).toBe('rgb(213, 0, 0)');
  // Not one of the 11: the default, Grape.
  expect(await border('Off-palette call')).toBe('rgb(142, 36, 170)');
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openWidget(page, '/widget/booking/cal_tomato');
  await expect(widget).toHaveCSS('border-top-color', 'rgb(213, 0, 0)');
});

test('a v3 calendar books with "Schedule Meeting"; the standard form of any other says "Book Appointment"', async ({ page }) => {
  const base = demo('calendars/cal_discovery.json');
  await admin('PUT', '/calendars/cal_v3', { ...base, id: 'cal_v3', slug: 'v3-call', widget_version: 'v3' });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [id, label] of [
    ['cal_v3', 'Schedule Meeting'],
    ['cal_discovery', 'Book Appointment'],
  ] as const) {
    const widget = await openWidget(page, `/widget/booking/${id}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await (await firstFreeSlot(widget)).click();
    await widget.getByRole('button', { name: /^Select time/ }).click();
    await expect(widget.locator('form button[type="submit"]')).toHaveText(label);
  }
});

test('mobile under 768 px, tablet under 1024 px, beside the widget’s own 650 px rule', async ({ page }, info) => {
  const columns = (widget: ReturnType<Page['locator']>) =>
    widget.locator('.ef-booking__slot-columns').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  for (const width of [375, 700, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const widget = await openWidget(page, '/widget/booking/cal_discovery');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const month = widget.locator('.ef-booking__calendar-pane');
    if (width < 768) {
      // A phone (700 px too, though the widget itself is wider than 650 px): no day is chosen
      // for the visitor, and a chosen day replaces the month until "Back to the calendar".
      await expect(widget.locator('.ef-booking__slot')).toHaveCount(0);
      await (await openDay(widget)).click();
      await expect(month).toBeHidden();
      await expect(widget.getByRole('button', { name: /Back to the calendar/ })).toBeVisible();
      expect(await columns(widget)).toBe(1);
      // The times and "Select date" take the whole width, at least 48 px high.
      const slot = await widget.locator('.ef-booking__slot').first().boundingBox();
      const pane = await widget.locator('.ef-booking__times-pane').boundingBox();
      expect(Math.round(slot?.width ?? 0)).toBe(Math.round(pane?.width ?? -1));
      expect(slot?.height ?? 0).toBeGreaterThanOrEqual(48);
      await expect(widget.locator('.ef-booking__footer')).toHaveCSS('flex-direction', 'column');
    } else {
      // Tablet and desktop: month and times side by side; tablet lists the times in one column, desktop AM and PM in two.
      await expect(widget.locator('.ef-booking__slot').first()).toBeVisible();
      await expect(month).toBeVisible();
      expect(await columns(widget)).toBe(width < 1024 ? 1 : 2);
      await expect(widget.locator('.ef-booking__footer')).toHaveCSS('flex-direction', 'row');
    }
    await page.screenshot({ path: info.outputPath(`booking-${width}.png`), fullPage: true });
  }
});

test('sticky_contact_help: a form filled in from the remembered contact says so, and "Not you?" forgets it', async ({ page }) => {
  const email = uniqueEmail('sticky-help');
  await page.goto('/widget/form/form_sticky');
  await wakeWidget(page);
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thanks, got it!')).toBeVisible();

  // Without the parameter the fields are filled in, and nothing is said (the seed's widgets).
  await page.goto('/widget/form/form_sticky');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByTestId('sticky-help')).toHaveCount(0);

  await page.goto('/widget/form/form_sticky?sticky_contact_help=true');
  await wakeWidget(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const help = page.getByTestId('sticky-help');
  await expect(help).toContainText('We filled in the details you gave last time.');
  await help.getByRole('button', { name: 'Not you? Clear them' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(help).toHaveText('Your details were cleared. Nothing of them is sent with this form.');
  expect(await page.evaluate(() => localStorage.getItem('ef_contact_loc_demo'))).toBeNull();
  // The next person's submission carries no contact id.
  await page.getByLabel('First name').fill('Ida');
  await page.getByLabel('Email').fill(uniqueEmail('next-person'));
  const sent = submission(page, '/form');
  await page.getByRole('button', { name: 'Send' }).click();
  expect(payloadOf(await sent)).not.toHaveProperty('contact_id');
});

test('form and survey payloads carry domain, page_url, the recorded session and the proven sticky contact; the server stores them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('visit');
  const session = sessionAnswer(page);
  await page.goto('/widget/form/form_sticky?domain=shop.example.com&page_url=/launch');
  const { sessionId, sessionFingerprint } = await session;
  expect(sessionId).toMatch(/^ss_/);
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Email').fill(email);
  const sent = submission(page, '/form');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/form'));
  await page.getByRole('button', { name: 'Send' }).click();
  const body = payloadOf(await sent);
  expect(body.funneEventData).toMatchObject({ domain_name: 'shop.example.com', page_url: '/launch' });
  expect([body.sessionId, body.sessionFingerprint]).toEqual([sessionId, sessionFingerprint]);
  expect(body).not.toHaveProperty('contact_id');
  const answer = (await (await answered).json()) as Loose;
  expect(answer.sessionId).toBe(sessionId);
  const contactId = answer.contact.id as string;

  // The results API lists where the form was filled in.
  const forms = (await admin('GET', '/submissions?form_id=form_sticky')).items as Loose[];
  expect(forms.find((s) => s.id === answer.id)).toMatchObject({ domain: 'shop.example.com', pageUrl: '/launch' });

  // The survey asks no email: its answers land on the contact this browser proves it holds.
  await page.goto('/survey/survey_sticky?domain=shop.example.com&page_url=/quiz');
  await wakeWidget(page);
  await page.getByLabel('Your goal').fill('Launch in spring');
  const surveySent = submission(page, '/survey');
  const surveyAnswered = page.waitForResponse((r) => r.url().endsWith('/api/survey'));
  await page.getByRole('button', { name: 'Send answers' }).click();
  const surveyBody = payloadOf(await surveySent);
  expect(surveyBody).toMatchObject({ contact_id: contactId, funneEventData: { domain_name: 'shop.example.com', page_url: '/quiz' } });
  expect(surveyBody.contact_token).toMatch(/^[\w-]{43}$/);
  expect(surveyBody.sessionId).toMatch(/^ss_/);
  const surveyAnswer = (await (await surveyAnswered).json()) as Loose;
  expect(surveyAnswer.contact.id).toBe(contactId);
  const surveys = (await admin('GET', '/submissions?survey_id=survey_sticky')).items as Loose[];
  expect(surveys.find((s) => s.id === surveyAnswer.id)).toMatchObject({ contactId, domain: 'shop.example.com', pageUrl: '/quiz' });

  // A stranger who copies the contact id (without the token this browser was given) gets a contact of their own.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.addInitScript((id) => localStorage.setItem('ef_contact_loc_demo', JSON.stringify({ id, sticky_token: 'A'.repeat(43) })), contactId);
  await other.goto(`${ORIGIN}/survey/survey_sticky`);
  await wakeWidget(other);
  await other.getByLabel('Your goal').fill('Take over');
  const strangerAnswer = other.waitForResponse((r) => r.url().endsWith('/api/survey'));
  await other.getByRole('button', { name: 'Send answers' }).click();
  const theirs = (await (await strangerAnswer).json()) as Loose;
  expect(theirs.contact.id).not.toBe(contactId);
  const stored = (await admin('GET', '/submissions?survey_id=survey_sticky')).items as Loose[];
  expect(stored.find((s) => s.id === theirs.id)?.contactId).toBe(theirs.contact.id);
  await stranger.close();
});

test('a booking carries domain, page_url and the session; the appointment lists them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = sessionAnswer(page);
  const widget = await openWidget(page, '/widget/booking/cal_discovery?domain=clinic.example.com&page_url=/book-now');
  const { sessionId } = await session;
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Bea', last: 'Visit', phone: '+1 617 555 0142', email: uniqueEmail('booking-visit') });
  const sent = submission(page, '/appointment');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/appointment') && r.request().method() === 'POST');
  await widget.getByRole('button', { name: /book/i }).click();
  const body = payloadOf(await sent);
  expect(body).toMatchObject({ sessionId, funneEventData: { domain_name: 'clinic.example.com', page_url: '/book-now' } });
  const answer = (await (await answered).json()) as Loose;
  expect(answer.contactToken).toMatch(/^[\w-]{43}$/);
  const appointments = (await admin('GET', '/appointments?calendar_id=cal_discovery')).items as Loose[];
  expect(appointments.find((a) => a.id === answer.id)).toMatchObject({ domain: 'clinic.example.com', pageUrl: '/book-now' });
  // cal_discovery keeps a sticky contact: its id and token are remembered for the next booking.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('ef_contact_loc_demo') ?? '{}'));
  expect(kept).toMatchObject({ id: answer.contactId, sticky_token: answer.contactToken });
});
