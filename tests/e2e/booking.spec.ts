/**
 * A visitor books each demo service from Europe/Berlin (the calendars are in New York),
 * adds a note, downloads the .ics, reschedules and cancels; one of them with the keyboard
 * only. axe runs at every step.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fillContact, firstFreeSlot, noteDownloadRescheduleCancel, openWidget, uniqueEmail, VISITOR_ZONE } from './booking-helpers';

test.use({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });

for (const calendar of ['cal_discovery', 'cal_audit']) {
  test(`books, notes, downloads, reschedules and cancels ${calendar}`, async ({ page }) => {
    const widget = await openWidget(page, `/widget/booking/${calendar}`);
    await expect(widget.getByRole('button', { name: /Time zone/ })).toContainText('Europe/Berlin');
    await expectNoAxeViolations(page);
    const slot = await firstFreeSlot(widget);
    const label = await slot.getAttribute('aria-label');
    expect(label).toContain('Europe/Berlin');
    await slot.click();
    await widget.getByRole('button', { name: /^Select time/ }).click();

    await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillContact(widget, {
      first: 'Ada',
      last: 'Lovelace',
      email: uniqueEmail(calendar),
      phone: '+1 202 555 0143',
      ...(calendar === 'cal_audit' ? { website: 'https://ada.example.com' } : {}),
    });
    await widget.locator('form button[type="submit"]').click();

    await noteDownloadRescheduleCancel(page, widget, `booking-${calendar}`);
  });
}

test('books with the keyboard only', async ({ page }) => {
  await openWidget(page, '/widget/booking/cal_discovery?use24hFormat=true');
  const grid = page.getByRole('grid');
  // Into the grid: the focused day is the only day in the tab order.
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('PageDown');
  // The month's heading (the chosen day's times are an h2 of their own since issue 31).
  await expect(page.locator('.ef-booking__month-title')).not.toHaveText(/^$/);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  const focused = page.locator('.ef-booking__day:focus');
  await expect(focused).toHaveAttribute('aria-label', /free times|no free times|checking/);
  // Walk the days until one has free times, then choose it.
  for (let i = 0; i < 40 && (await focused.getAttribute('aria-disabled')) === 'true'; i += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const slot = page.locator('.ef-booking__slot').first();
  await expect(slot).toBeVisible();
  await expect(slot).toHaveText(/^\d\d:\d\d$/);
  await slot.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Select time/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const first = page.getByLabel(/first name/i);
  await expect(first).toBeVisible();
  await first.focus();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+1 202 555 0190');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeFocused();
  // The note, then Skip (Submit stays disabled while the note is empty).
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Additional information')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Skip' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Google calendar' })).toBeVisible();
});

test('the contact step loads when the visitor reaches for the calendar, not with it', async ({ page }) => {
  const contactCode: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/contact-step\.[\w-]+\.js$/.test(request.url())) contactCode.push(request.url());
  });
  const widget = await openWidget(page, '/widget/booking/cal_discovery');
  await page.waitForLoadState('networkidle');
  expect(contactCode).toEqual([]);
  const slot = await firstFreeSlot(widget);
  await slot.hover();
  await expect.poll(() => contactCode.length).toBe(1);
  await slot.click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
});

test('a contact step whose code cannot load says so, and Try again loads it', async ({ page }) => {
  await page.route('**/_astro/contact-step.*.js', (route) => route.abort('internetdisconnected'));
  const widget = await openWidget(page, '/widget/booking/cal_discovery');
  const slot = await firstFreeSlot(widget);
  await slot.click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByRole('alert')).toHaveText('The booking form could not be loaded. Please check your connection and try again.');
  await expect(widget.getByRole('button', { name: 'Try again' })).toBeFocused();
  await expectNoAxeViolations(page);
  // The calendar is still there behind it, and the connection comes back.
  await page.unroute('**/_astro/contact-step.*.js');
  await widget.getByRole('button', { name: 'Try again' }).click();
  await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
  await expect(widget.getByLabel(/first name/i)).toBeEditable();
});
