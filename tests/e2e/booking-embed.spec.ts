/**
 * The booking widget where sellers put it: embedded in an iframe on a plain HTML page of
 * another origin (a server on its own port), which receives booking-complete through the
 * embed protocol; and the calendar element of /welcome, which books in place. Plus the
 * error screens, popup mode, the provider page and the narrow layout, with screenshots at
 * 375 and 1280 px.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  fillContact,
  firstFreeSlot,
  freeTimes,
  ORIGIN,
  openDay,
  openWidget,
  bookingDefence,
  timeAhead,
  uniqueEmail,
  VISITOR_ZONE,
} from './booking-helpers';
import { E2E_PORT } from './playwright.config';

test.use({ timezoneId: VISITOR_ZONE });

// The seller's site: another port (this worktree's manual dev port, free during the browser tests), so another origin.
const SELLER_PORT = E2E_PORT + 10;
let seller: Server;

test.beforeAll(async () => {
  seller = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html lang="en"><title>Seller</title><h1>Book with us</h1>
<iframe title="Booking" src="${ORIGIN}/widget/booking/cal_discovery" style="width:100%;height:700px"></iframe>
<script>window.received = []; addEventListener('message', (e) => { if (e.origin === '${ORIGIN}') window.received.push(e.data); });</script>`);
  });
  await new Promise<void>((resolve) => seller.listen(SELLER_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => seller.close(() => resolve())));

test('an embedded widget posts booking-complete to the page around it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`http://127.0.0.1:${SELLER_PORT}/`);
  const frame = page.frameLocator('iframe');
  const widget = frame.locator('.ef-booking');
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Framed', last: 'Visitor', email: uniqueEmail('framed'), phone: '+1 202 555 0150' });
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: { type: string }[] }).received.map((m) => m.type)))
    .toContain('booking-complete');
  const complete = await page.evaluate(() =>
    (window as unknown as { received: Record<string, unknown>[] }).received.find((m) => m.type === 'booking-complete'),
  );
  expect(complete).toMatchObject({ calendarId: 'cal_discovery', fingerprint: expect.any(String) });
  const heights = await page.evaluate(() =>
    (window as unknown as { received: { type: string; height?: number }[] }).received.filter((m) => m.type === 'height').map((m) => m.height),
  );
  // Requirements WIDGET-LIMITS: the scroll height + 50 when over 500, else 560.
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights as number[]) expect(height === 560 || height > 550, `height ${height}`).toBe(true);
});

test('the calendar on /welcome books in place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${ORIGIN}/welcome`);
  // The visitor's browser is in another zone than the one the edge places them in, so the island hydrates when it scrolls into view.
  await page.locator('[data-element="calendar"]').scrollIntoViewIfNeeded();
  const widget = page.locator('[data-element="calendar"] .ef-booking');
  // Hydrated: the times are the visitor's zone's, not the edge's guess it was rendered with.
  await expect(widget.getByRole('button', { name: /Time zone/ })).toContainText(VISITOR_ZONE);
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('The booking calendar is loading')).toHaveCount(0);
  // In its half of the page (under 650 px of its own) it shows one pane at a time and nothing scrolls sideways.
  expect(await widget.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await (await openDay(widget)).click();
  await expect(widget.getByRole('grid')).toBeHidden();
  await expect(widget.getByRole('button', { name: /back to the calendar/i })).toBeVisible();
  expect(await widget.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Welcome', last: 'Guest', email: uniqueEmail('welcome'), phone: '+1 202 555 0160' });
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/welcome');
});

test('errors of missing calendars, events and appointments', async ({ page }) => {
  const cases: [string, number, string][] = [
    ['/widget/booking', 404, 'Calendar Id not found'],
    ['/widget/booking/cal_discovery?event_id=apt_nope', 404, 'No calendar event found'],
    ['/widget/cancel-booking', 404, 'Appointment Id not found'],
    ['/widget/booking/cancel-booking?event_id=apt_nope', 404, 'No calendar event found'],
    ['/widget/appointment/nobody', 404, 'Unable to find calendar'],
  ];
  for (const [path, status, msg] of cases) {
    const res = await page.goto(`${ORIGIN}${path}`);
    expect(res?.status(), path).toBe(status);
    await expect(page.getByTestId('error-msg')).toHaveText(msg);
  }
  // Widget data with no calendar: the widget's own last step says so, not the error screen.
  const res = await page.goto(`${ORIGIN}/widget/booking/cal_nope`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Cannot find calendar.');
  await expect(page.getByTestId('error-msg')).toHaveCount(0);
  await expect(page.locator('.ef-booking')).toBeVisible();
});

test('the provider page lists the services, newest first, each booking its calendar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${ORIGIN}/widget/appointment/demo-provider`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Ortiz and the Brightpath coaches');
  const more = page.getByRole('button', { name: 'Read more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(page.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  const names = await page.locator('.ef-provider__name').allTextContents();
  expect(names).toEqual([
    'Funnel audit call (book within 14 days)',
    '60-minute strategy session',
    'Free 30-minute discovery call',
    'Coaching session with our team',
  ]);
  await expectNoAxeViolations(page, 'main');
  await page.screenshot({ path: 'test-results/booking-provider-1280.png', fullPage: true });
  await page.getByRole('link', { name: /Free 30-minute discovery call/ }).click();
  await expect(page).toHaveURL(/\/widget\/appointment\/demo-provider\/discovery-call/);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to all services/ })).toBeVisible();
  await page.goto(`${ORIGIN}/widget/appointment/service/strategy-session`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('60-minute strategy session');
});

test('popup mode, the narrow layout, and screenshots at 375 and 1280 px', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const widget = await openWidget(page, '/widget/booking/cal_discovery?popup=true');
    await expect(widget.getByRole('heading', { name: 'Appointment request form' })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Close' })).toBeVisible();
    if (width === 375) {
      // Under 650 px a chosen day replaces the month; back shows it again.
      await (await openDay(widget)).click();
      await expect(widget.getByRole('grid')).toBeHidden();
      await page.screenshot({ path: `test-results/booking-slots-${width}.png`, fullPage: true });
      await widget.getByRole('button', { name: 'Back to the calendar' }).click();
      await expect(widget.getByRole('grid')).toBeVisible();
    }
    const box = await widget.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(880);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/booking-step1-${width}.png`, fullPage: true });
    await (await firstFreeSlot(widget)).click();
    await widget.getByRole('button', { name: /^Select time/ }).click();
    await expect(widget.getByLabel(/first name/i)).toBeVisible();
    await page.screenshot({ path: `test-results/booking-step2-${width}.png`, fullPage: true });
  }
});

test('the zone picker searches zones and refetches the times; the calendar selector switches services', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openWidget(page, '/widget/booking/cal_discovery?calendar=cal_discovery,cal_audit');
  await widget.getByRole('button', { name: /Time zone/ }).click();
  const search = widget.getByRole('combobox', { name: 'Search time zones' });
  await expect(search).toBeFocused();
  await search.fill('nowhere at all');
  await expect(widget.getByText('No Timezone found!')).toBeVisible();
  await search.fill('kolkata');
  await expect(widget.getByRole('option', { name: /Asia\/Kolkata/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const refetch = page.waitForRequest((r) => r.url().includes('/api/appointment/free-slots') && r.url().includes('Asia%2FKolkata'));
  await search.press('Enter');
  await refetch;
  await expect(widget.getByRole('button', { name: /Time zone/ })).toContainText('Asia/Kolkata (GMT+05:30)');
  await expect(await firstFreeSlot(widget)).toHaveAttribute('aria-label', /Asia\/Kolkata$/);

  const select = widget.getByLabel('Service');
  await expect(select).toHaveValue('cal_discovery');
  await expect(widget.getByText('Duration: 30 minutes')).toBeVisible();
  await select.selectOption('cal_audit');
  await expect(widget.getByText('Duration: 45 minutes')).toBeVisible();
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByLabel(/link to your funnel/i)).toBeVisible();
});

test('the widget speaks the visitor language (?lang=de), 24 h times from the query', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openWidget(page, '/widget/booking/cal_discovery?lang=de&use24hFormat=true');
  await expect(widget.getByRole('button', { name: /Zeitzone/ })).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await expect(await firstFreeSlot(widget)).toHaveText(/^\d\d:\d\d$/);
});

test('the popup cancel shows the start and end time, then a Thank You step', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const now = Date.now();
  const slot = await timeAhead(request, 'cal_discovery', 'Europe/Berlin', now);
  const defence = await bookingDefence(request, 'cal_discovery');
  const booked = await request.post(`${ORIGIN}/api/appointment`, {
    multipart: {
      formData: JSON.stringify({
        calendar_id: 'cal_discovery',
        selected_slot: slot,
        selected_timezone: 'Europe/Berlin',
        first_name: 'Pop',
        last_name: 'Up',
        phone: '+12025550199',
        email: uniqueEmail('popup'),
        ...defence,
      }),
    },
  });
  const { id, manage_token } = (await booked.json()) as { id: string; manage_token: string };
  // The id alone (as in the seller's thank-you URL) does not open the cancel screen.
  const stranger = await page.goto(`${ORIGIN}/widget/cancel-booking?event_id=${id}&popup=true`);
  expect(stranger?.status()).toBe(403);
  await expect(page.getByTestId('error-msg')).toHaveText(
    'This link does not allow changing this appointment. Please use the link from your booking confirmation.',
  );
  await page.goto(`${ORIGIN}/widget/cancel-booking?event_id=${id}&token=${manage_token}&popup=true`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel Booking' })).toBeVisible();
  await expect(page.getByTestId('cancel-when')).toHaveText(/\d\d:\d\d [AP]M to \d\d:\d\d [AP]M \(Europe\/Berlin\)/);
  await page.getByLabel(/Reason for cancelling/).fill('Double booked.');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByRole('heading', { name: 'Your meeting has been cancelled.' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Thank you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/booking-cancel-popup-375.png', fullPage: true });
  // The slot is free again.
  expect(await freeTimes(request, 'cal_discovery', 'Europe/Berlin', now)).toContain(slot);
});
