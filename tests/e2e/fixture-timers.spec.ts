/*
 * Timers on rendered pages with the browser clock moved (page.clock): the HTML carries
 * deadlines, so the edge copy counts right for every visitor; a countdown that hides and
 * shows sections, one that redirects to a path on the same host, the day timer's next
 * deadline in its zone, the evergreen minute timer's cookie and revisit action, and the
 * deadline as text without JavaScript (requirements PAGE-DATA, docs/contracts/islands.md §4).
 */
import { expect, test } from '@playwright/test';
import { FIXTURE, holdRuntime, layoutShifts, openFixture, paintSettled, watchLayoutShifts } from './fixture';
import { E2E_PORT } from './playwright.config';

// Both fixture countdowns end at 2031-01-01 00:00 UTC.
const END = Date.UTC(2031, 0, 1);

test('an expiring countdown hides itself and the offer, and shows what comes after', async ({ page }) => {
  // The first view stores the edge copy; the views below are answered from it.
  await openFixture(page, '/timers');
  await page.clock.install({ time: END - 5_000 });
  const response = await page.goto(`${FIXTURE}/timers`);
  expect(response?.headers()['x-edge-cache']).toBe('hit');
  await expect(page.locator('#sec_late')).toBeHidden();
  await expect(page.locator('#cd_hide [data-timer="countdown"]')).toHaveAttribute('data-timer-state', 'running');
  await expect(page.locator('#cd_hide [data-unit="seconds"] .ef-timer__value')).toHaveText(/0[0-5]/);
  await page.clock.fastForward(6_000);
  await expect(page.locator('#cd_hide')).toBeHidden();
  await expect(page.locator('#sec_offer')).toBeHidden();
  await expect(page.locator('#sec_late')).toBeVisible();
});

test('an expiring countdown redirects to its URL', async ({ page }) => {
  await page.clock.install({ time: END - 5_000 });
  await openFixture(page, '/redirect');
  await expect(page.locator('#cd_redirect [data-timer-state="running"]')).toBeVisible();
  await page.clock.fastForward(6_000);
  // The seller's redirect is the path /third?from=timer: the same host.
  await page.waitForURL(`${FIXTURE}/third?from=timer`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Third step');
});

test('the minute timer remembers the first visit in a cookie and hides itself on a revisit', async ({ context, page }) => {
  await openFixture(page, '/timers');
  await expect(page.locator('#mt_main [data-unit="minutes"] .ef-timer__value')).toHaveText(/09|10/);
  await expect(page.locator('#sec_back')).toBeHidden();
  const timerCookie = async () => (await context.cookies(FIXTURE)).find((c) => c.name === 'mt_main');
  await expect.poll(async () => Number((await timerCookie())?.value)).toBeGreaterThan(Date.now() - 60_000);
  const cookie = await timerCookie();
  expect(Math.round(cookie!.expires - Date.now() / 1000)).toBeGreaterThan(2 * 86400 - 120);

  await openFixture(page, '/timers');
  await expect(page.locator('#mt_main')).toBeHidden();
  await expect(page.locator('#sec_back')).toBeVisible();
});

test('a returning visitor sees the minute timer hidden and what it shows in place at the first paint, with nothing moving', async ({ page }) => {
  await openFixture(page, '/timers');
  await expect(page.locator('#mt_main [data-timer-state="running"]')).toBeAttached();
  await watchLayoutShifts(page);
  await holdRuntime(page);
  await page.goto(`${FIXTURE}/timers`);
  await expect(page.locator('#mt_main')).toBeHidden();
  await expect(page.locator('#sec_back')).toBeVisible();
  await paintSettled(page);
  expect(await layoutShifts(page)).toEqual([]);
});

test('timers show their figures, count and expire, and one whose end has passed is settled, without the page runtime', async ({ page }) => {
  await holdRuntime(page);
  await page.goto(`${FIXTURE}/timers`);
  await expect(page.locator('#mt_main [data-unit="minutes"] .ef-timer__value')).toHaveText(/09|10/);
  await expect(page.locator('#cd_hide [data-unit="days"] .ef-timer__value')).not.toHaveText('--');

  // The inline script counts from the first paint: the runtime, which starts after load, is not needed.
  await page.clock.install({ time: END - 5_000 });
  await page.goto(`${FIXTURE}/timers`);
  await expect(page.locator('#cd_hide [data-unit="seconds"] .ef-timer__value')).toHaveText(/0[0-5]/);
  await page.clock.fastForward(6_000);
  await expect(page.locator('#cd_hide')).toBeHidden();
  await expect(page.locator('#sec_late')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-page-runtime', /./);

  // An edge copy served after the end: the countdown, the offer it hides and what it shows are settled at once.
  await page.clock.install({ time: END + 60_000 });
  await page.goto(`${FIXTURE}/timers`);
  await expect(page.locator('#cd_hide')).toBeHidden();
  await expect(page.locator('#sec_offer')).toBeHidden();
  await expect(page.locator('#sec_late')).toBeVisible();

  // One that redirects leaves before the page shows.
  await page.goto(`${FIXTURE}/redirect`);
  await page.waitForURL(`${FIXTURE}/third?from=timer`);
});

test('an edge copy rendered a day earlier counts to the right moment', async ({ page }) => {
  await openFixture(page, '/timers');
  const response = await page.goto(`${FIXTURE}/timers`);
  expect(response?.headers()['x-edge-cache']).toBe('hit');
  // The copy was made now; a visitor two days before the end sees two days left.
  await page.clock.install({ time: END - 2 * 86_400_000 - 90 * 60_000 });
  await openFixture(page, '/timers');
  const value = (unit: string) => page.locator(`#cd_hide [data-unit="${unit}"] .ef-timer__value`);
  await expect(value('days')).toHaveText('02');
  await expect(value('hours')).toHaveText('01');
});

test('the day timer counts to its next deadline in its zone, with no time-zone code in the browser', async ({ page }) => {
  const origin = `http://layout.localhost:${E2E_PORT}`;
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
  });
  await page.goto(`${origin}/`);
  const timer = page.locator('#dt_edge [data-timer="day-timer"]');
  const deadlines = (await timer.getAttribute('data-deadlines'))!.split(',').map(Number);
  // The server sent the next seven 23:59:59 of Berlin as instants.
  expect(deadlines).toHaveLength(7);
  const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', timeStyle: 'medium' });
  for (const at of deadlines) expect(berlin.format(at)).toBe('23:59:59');

  // A visitor the day after the page was rendered counts to that day's deadline.
  await page.clock.install({ time: deadlines[1]! - (2 * 3600 + 30 * 60 + 30) * 1000 });
  await page.goto(`${origin}/`);
  await expect(timer.locator('[data-unit="hours"] .ef-timer__value')).toHaveText('02');
  await expect(timer.locator('[data-unit="minutes"] .ef-timer__value')).toHaveText('30');
  await expect(timer).toContainText('Stunden');
  await expect(timer.locator('[data-unit="days"]')).toBeHidden();
  // The scripts checked are those of the started page runtime (it starts after load, the first paint and idle).
  await expect(page.locator('html')).toHaveAttribute('data-page-runtime', /started|ready/);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of scripts) expect((await (await page.request.get(`http://localhost:${E2E_PORT}${path}`)).text()).includes('Temporal')).toBe(false);
});

test('without JavaScript a countdown shows its deadline as text', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${FIXTURE}/timers`);
  await expect(page.locator('#cd_hide')).toContainText('Ends January 1, 2031 at 12:00 AM (UTC)');
  await expect(page.locator('#cd_hide [data-unit="seconds"]')).toBeHidden();
  await context.close();
});
