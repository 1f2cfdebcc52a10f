/*
 * Timers on rendered pages with the browser clock moved forward (page.clock): a countdown
 * that hides and shows sections, one that redirects, and the evergreen minute timer's
 * cookie and revisit action (seed 000 §3, docs/contracts/islands.md §4).
 */
import { expect, test } from '@playwright/test';
import { FIXTURE, openFixture } from './fixture';

// Both fixture countdowns end at 2031-01-01 00:00 UTC.
const END = Date.UTC(2031, 0, 1);

test('an expiring countdown hides itself and the offer, and shows what comes after', async ({ page }) => {
  await page.clock.install({ time: END - 5_000 });
  await openFixture(page, '/timers');
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
