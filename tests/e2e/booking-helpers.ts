/**
 * What the booking browser specs share: opening the widget, picking a free time, filling
 * the contact step, and axe at each step. Visitors browse from Europe/Berlin, a zone other
 * than the demo calendars' (America/New_York).
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { bookingRoutes, type FreeSlots, freeSlotsFor } from '../../src/schemas/calls/booking-routes';
import { apiPath } from '../../src/schemas/calls/define-call';
import { FORM_TOKEN_FIELD, MIN_FILL_MS } from '../../src/lib/spam-defence';
import { E2E_PORT } from './playwright.config';

export const ORIGIN = `http://localhost:${E2E_PORT}`;
export const VISITOR_ZONE = 'Europe/Berlin';

export async function expectNoAxeViolations(page: Page, scope = '.ef-booking'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** The widget, once its first free day is chosen (wide screens choose it by themselves). */
export async function openWidget(page: Page, path: string): Promise<Locator> {
  await page.goto(`${ORIGIN}${path}`);
  const widget = page.locator('.ef-booking').first();
  await expect(widget.getByRole('grid')).toBeVisible();
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  return widget;
}

const settled = (widget: Locator) => expect(widget.locator('[role="grid"]')).toHaveAttribute('aria-busy', 'false');
/** The grid's next-month arrow, in whatever language the widget speaks. */
const nextMonth = (widget: Locator) => widget.locator('.ef-booking__nav').last().click();

/**
 * A day of the grid once its month's slots are in, moving on a month at a time until one has
 * it (at a month's end the current month can have no free day left: the demo calendars open
 * from tomorrow or later in New York, and have no weekends). The grid is hidden, not gone,
 * on a narrow screen with a day chosen.
 */
async function dayFrom(widget: Locator, day: Locator, what: string): Promise<Locator> {
  for (let month = 0; month < 3; month += 1) {
    await settled(widget);
    if (await day.count()) return day;
    await nextMonth(widget);
  }
  throw new Error(`no ${what} in three months`);
}

/** The first (or last) day with free times, from the month shown on. */
export function openDay(widget: Locator, which: 'first' | 'last' = 'first'): Promise<Locator> {
  const days = widget.locator('.ef-booking__day:not([aria-disabled="true"])');
  return dayFrom(widget, which === 'first' ? days.first() : days.last(), 'free day');
}

/** The day of `date` (YYYY-MM-DD), from the month shown on. */
export function dayOf(widget: Locator, date: string): Promise<Locator> {
  return dayFrom(widget, widget.locator(`.ef-booking__day[data-date="${date}"]`), date);
}

/** Chooses a free day (the current one, else the first with free times in this or the next months) and returns its first free time. */
export async function firstFreeSlot(widget: Locator): Promise<Locator> {
  const slot = widget.locator('.ef-booking__slot').first();
  await settled(widget);
  if (await slot.isVisible()) return slot;
  await (await openDay(widget)).click();
  await expect(slot).toBeVisible();
  return slot;
}

/** Free times of a calendar over the next 40 days, as the API lists them (a flat list, in order). */
export async function freeTimes(request: APIRequestContext, calendarId: string, zone: string, from: number): Promise<string[]> {
  const path = apiPath(bookingRoutes.freeSlots, undefined, freeSlotsFor({ calendarId, startDate: from, endDate: from + 40 * 86_400_000, timezone: zone }));
  const days = (await (await request.get(`${ORIGIN}${path}`)).json()) as FreeSlots;
  return Object.values(days).flatMap((d) => d.slots);
}

/** A free time at least three days ahead: far from the start of the booking window, which moves on at midnight in the calendar's zone. */
export async function timeAhead(request: APIRequestContext, calendarId: string, zone: string, now: number): Promise<string> {
  const slot = (await freeTimes(request, calendarId, zone, now)).find((s) => Date.parse(s) > now + 3 * 86_400_000);
  if (!slot) throw new Error(`no free time of ${calendarId} three days ahead`);
  return slot;
}

export async function fillContact(widget: Locator, contact: { first: string; last: string; email: string; phone: string; website?: string }): Promise<void> {
  await widget.getByLabel(/first name/i).fill(contact.first);
  await widget.getByLabel(/last name/i).fill(contact.last);
  await widget.getByLabel(/^phone/i).fill(contact.phone);
  await widget.getByLabel(/^email/i).fill(contact.email);
  if (contact.website) await widget.getByLabel(/link to your funnel/i).fill(contact.website);
}

/**
 * The spam-defence fields a booking posted straight to the API carries, as the widget sends
 * them: a calendar token from GET /api/widget-token, used after a person's fill time.
 */
export async function bookingDefence(request: APIRequestContext, calendarId: string): Promise<Record<string, string>> {
  const res = await request.get(`${ORIGIN}/api/widget-token?kind=calendar&id=${encodeURIComponent(calendarId)}`);
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const issuedAt = Number(token.split('.')[0]);
  await expect.poll(() => Date.now() - issuedAt, { intervals: [100], timeout: MIN_FILL_MS + 5_000 }).toBeGreaterThan(MIN_FILL_MS + 100);
  return { [FORM_TOKEN_FIELD]: token };
}

export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** After a booking: a note, the .ics download, a reschedule (step 1, then straight to the confirmation) and the cancel. */
export async function noteDownloadRescheduleCancel(page: Page, widget: Locator, shots = ''): Promise<void> {
  const shot = (name: string) => (shots ? page.screenshot({ path: `test-results/${shots}-${name}.png`, fullPage: true }) : Promise.resolve());
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  const submit = widget.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await widget.getByLabel('Additional information').fill('Please call me on Zoom.');
  await expectNoAxeViolations(page);
  await shot('note');
  await submit.click();

  await expect(widget.getByRole('link', { name: 'Add to Google calendar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('confirmation');
  const [download] = await Promise.all([page.waitForEvent('download'), widget.getByRole('link', { name: 'Add to Outlook/iCal' }).click()]);
  const ics = readFileSync((await download.path()) as string, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('BEGIN:VEVENT');

  const rescheduleHref = (await widget.getByRole('link', { name: 'Reschedule this booking' }).getAttribute('href')) as string;
  const cancelHref = (await widget.getByRole('link', { name: 'Cancel this booking' }).getAttribute('href')) as string;
  const firstWhen = await widget.getByTestId('booking-when').textContent();
  // The links carry the appointment's manage token beside its id.
  expect(rescheduleHref).toMatch(/\?event_id=apt_[\w-]+&token=[\w-]{43}$/);
  expect(cancelHref).toMatch(/\/widget\/cancel-booking\?event_id=apt_[\w-]+&token=[\w-]{43}$/);

  // Reschedule: step 1, then straight to the confirmation.
  const again = await openWidget(page, rescheduleHref.replace(ORIGIN, ''));
  await (await openDay(again, 'last')).click();
  await again.locator('.ef-booking__slot').last().click();
  await again.getByRole('button', { name: /^Select time/ }).click();
  await expect(again.getByRole('heading', { name: 'Your Meeting has been Rescheduled' })).toBeVisible();
  expect(await again.getByTestId('booking-when').textContent()).not.toBe(firstWhen);

  // Cancel: the reason is required.
  await page.goto(cancelHref);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const cancel = page.getByRole('button', { name: 'Cancel appointment' });
  await expect(cancel).toBeDisabled();
  await page.getByLabel(/Reason for cancelling/).fill('Something came up.');
  await expectNoAxeViolations(page);
  await shot('cancel');
  await cancel.click();
  await expect(page.getByRole('heading', { name: 'Your meeting has been cancelled.' })).toBeVisible();
}
