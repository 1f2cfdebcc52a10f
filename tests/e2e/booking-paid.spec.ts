/**
 * The paid demo calendar ($150 strategy session) through the card step, with Stripe stood
 * in at its network boundary; a second visitor cannot take a booked or a held slot; a
 * made-up card result is refused.
 */
import { expect, test } from '@playwright/test';
import {
  dayOf,
  expectNoAxeViolations,
  fillContact,
  firstFreeSlot,
  noteDownloadRescheduleCancel,
  ORIGIN,
  openWidget,
  bookingDefence,
  timeAhead,
  uniqueEmail,
  VISITOR_ZONE,
} from './booking-helpers';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

test.use({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });

test('books the paid calendar through the card step; the held slot is hidden from a second visitor', async ({ page, browser }) => {
  await useStripeStandIn(page);
  const widget = await openWidget(page, '/widget/booking/cal_strategy');
  const slot = await firstFreeSlot(widget);
  const iso = (await slot.getAttribute('aria-label')) as string;
  const day = (await widget.locator('.ef-booking__day[aria-selected="true"]').getAttribute('data-date')) as string;
  await slot.click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByText('We are holding this time for you for 10 minutes.')).toBeVisible();
  await expect(widget.getByText('$150.00')).toBeVisible();

  // A second visitor does not see the held time.
  const other = await browser.newPage({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });
  const second = await openWidget(other, '/widget/booking/cal_strategy');
  await (await dayOf(second, day)).click();
  await expect(second.locator('.ef-booking__slot').first()).toBeVisible();
  await expect(second.getByRole('button', { name: iso, exact: true })).toHaveCount(0);

  await fillContact(widget, { first: 'Paid', last: 'Visitor', email: uniqueEmail('paid'), phone: '+1 202 555 0177' });
  await typeCard(page, TEST_CARDS.success);
  await expectNoAxeViolations(page, '.ef-booking__contact > :not(.ef-booking__form)');
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();

  // Booked now: still not offered to the second visitor after a reload.
  const again = await openWidget(other, '/widget/booking/cal_strategy');
  await (await dayOf(again, day)).click();
  await expect(again.getByRole('button', { name: iso, exact: true })).toHaveCount(0);
  await other.close();

  // The paid booking too: a note, the .ics, a reschedule (no second payment) and the cancel.
  await noteDownloadRescheduleCancel(page, widget);
});

test('a declined card shows the provider message under the card field', async ({ page }) => {
  await useStripeStandIn(page);
  const widget = await openWidget(page, '/widget/booking/cal_strategy');
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Declined', last: 'Card', email: uniqueEmail('declined'), phone: '+1 202 555 0178' });
  await typeCard(page, TEST_CARDS.declined);
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  // Going back releases the hold.
  await widget.getByRole('button', { name: 'Back to the calendar' }).click();
  await expect(widget.getByRole('grid')).toBeVisible();
});

test('a made-up card result is refused with a clear message', async ({ request }) => {
  const slot = await timeAhead(request, 'cal_strategy', 'UTC', Date.now());
  const body = {
    calendar_id: 'cal_strategy',
    selected_slot: slot,
    selected_timezone: 'UTC',
    first_name: 'Fake',
    last_name: 'Card',
    phone: '+12025550111',
    email: uniqueEmail('fake'),
    ...(await bookingDefence(request, 'cal_strategy')),
  };
  for (const payment of [{ stripeToken: 'tok_fake' }, { stripePaymentResult: { paymentMethodId: 'pm_fake', client_secret: 'seti_fake_secret_x' } }]) {
    const res = await request.post(`${ORIGIN}/api/appointment`, { multipart: { formData: JSON.stringify({ ...body, ...payment }) } });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    expect(((await res.json()) as { msg: string }).msg).toBe('We could not verify your card for this booking. Please enter your card again.');
  }
});

test('a second visitor cannot book a slot that was just booked', async ({ page, request }) => {
  const widget = await openWidget(page, '/widget/booking/cal_discovery');
  const slot = await firstFreeSlot(widget);
  await slot.click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Late', last: 'Comer', email: uniqueEmail('late'), phone: '+1 202 555 0166' });
  // Someone else books the same time first.
  const iso = await page.evaluate(() => (document.querySelector('.ef-booking__summary-time') as HTMLElement).dataset.slot ?? '');
  const defence = await bookingDefence(request, 'cal_discovery');
  const first = await request.post(`${ORIGIN}/api/appointment`, {
    multipart: {
      formData: JSON.stringify({
        calendar_id: 'cal_discovery',
        selected_slot: iso,
        selected_timezone: 'UTC',
        first_name: 'Early',
        last_name: 'Bird',
        phone: '+12025550112',
        email: uniqueEmail('early'),
        ...defence,
      }),
    },
  });
  expect(first.status()).toBe(200);
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('alert').filter({ hasText: 'This slot is no longer available. Please choose another time.' })).toBeVisible();
  await expect(widget.getByRole('grid')).toBeVisible();
});
