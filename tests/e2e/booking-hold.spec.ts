/**
 * The paid slot's hold (issue 31): two minutes before its ten minutes end, the visitor is
 * warned (an alert) and may keep the time once more; when the hold ends they are back at
 * the times with the reason. The page's clock is moved on; the server's hold is real.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, firstFreeSlot, openWidget, VISITOR_ZONE } from './booking-helpers';
import { useStripeStandIn } from './support/stripe-js';

test.use({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });

test('the hold warns before it ends, is extended once from the keyboard, and sends the visitor back when it ends', async ({ page }) => {
  await page.clock.install();
  await useStripeStandIn(page);
  const widget = await openWidget(page, '/widget/booking/cal_strategy');
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByText('We are holding this time for you for 10 minutes.')).toBeVisible();

  await page.clock.fastForward('08:01');
  const notice = widget.getByTestId('hold-notice');
  await expect(notice.getByRole('alert')).toHaveText('We hold this time for you for 2 more minutes.');
  await expectNoAxeViolations(page);
  const keep = notice.getByRole('button', { name: 'Keep this time for 10 more minutes' });
  await keep.focus();
  const extended = page.waitForResponse((r) => /\/appointment\/hold\/[^/]+\/extend$/.test(r.url()));
  await page.keyboard.press('Enter');
  expect((await extended).status()).toBe(200);
  await expect(notice.getByRole('alert')).toHaveText('We now hold this time for you for 10 more minutes.');
  await expect(keep).toHaveCount(0);

  // Past the first ten minutes the time is still held; at twenty it is given up.
  await page.clock.fastForward('03:00');
  await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
  await page.clock.fastForward('10:00');
  await expect(widget.getByRole('alert')).toHaveText('We could no longer hold this time for you. Please choose a time again.');
  await expect(widget.locator('.ef-booking__month-title')).toBeFocused();
});
