/**
 * What the booking browser specs share: opening the widget, picking a free time, filling
 * the contact step, and axe at each step. Visitors browse from Europe/Berlin, a zone other
 * than the demo calendars' (America/New_York).
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_PORT } from './playwright.config';

export const ORIGIN = `http://localhost:${E2E_PORT}`;
export const VISITOR_ZONE = 'Europe/Berlin';

export async function expectNoAxeViolations(page: Page, scope = '.ef-booking'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** The widget, once its first free day is chosen (wide screens choose it by themselves). */
export async function openWidget(page: Page, path: string): Promise<Locator> {
  await page.goto(`${ORIGIN}${path}`);
  const widget = page.locator('.ef-booking').first();
  await expect(widget.getByRole('grid')).toBeVisible();
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  return widget;
}

/** Chooses a free day (the current one, else the first with free times in this or the next months) and returns its first free time. */
export async function firstFreeSlot(widget: Locator): Promise<Locator> {
  for (let month = 0; month < 3; month += 1) {
    // The month's slots first (a changed zone, calendar or month is loading; on a narrow screen the grid is hidden, not gone).
    await expect(widget.locator('[role="grid"]')).toHaveAttribute('aria-busy', 'false');
    const slot = widget.locator('.ef-booking__slot').first();
    if (await slot.isVisible()) return slot;
    const open = widget.locator('.ef-booking__day:not([aria-disabled="true"])').first();
    if (await open.count()) {
      await open.click();
      await expect(slot).toBeVisible();
      return slot;
    }
    await widget.getByRole('button', { name: /next month|go to next month/i }).first().click();
    await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  }
  throw new Error('no free slot in three months');
}

export async function fillContact(widget: Locator, contact: { first: string; last: string; email: string; phone: string; website?: string }): Promise<void> {
  await widget.getByLabel(/first name/i).fill(contact.first);
  await widget.getByLabel(/last name/i).fill(contact.last);
  await widget.getByLabel(/^phone/i).fill(contact.phone);
  await widget.getByLabel(/^email/i).fill(contact.email);
  if (contact.website) await widget.getByLabel(/link to your funnel/i).fill(contact.website);
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

  // Reschedule: step 1, then straight to the confirmation.
  const again = await openWidget(page, rescheduleHref.replace(ORIGIN, ''));
  const days = again.locator('.ef-booking__day:not([aria-disabled="true"])');
  await days.nth((await days.count()) - 1).click();
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
