/**
 * The demo's team calendar (cal_team: Maya works 9–17, Leo 9–13, New York): a visitor picks
 * a coach or takes anyone free, sees who the meeting is with, and a reschedule stays with
 * the same coach; a link with `user_id` books that coach and offers no choice. axe runs at
 * each step. Visitors browse from Europe/Berlin.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { bookingDefence, expectNoAxeViolations, freeTimes, ORIGIN, openDay, openWidget, uniqueEmail, VISITOR_ZONE } from './booking-helpers';
import { queryD1 } from './support/checkout-db';
import { putDocument } from './support/second-worker';

test.use({ timezoneId: VISITOR_ZONE, viewport: { width: 1280, height: 900 } });

/** Picks the n-th time of the first free day and fills the contact step; answers the confirmation's "With". */
async function bookNth(page: Page, widget: Locator, n: number, email: string, picked: string[] = []): Promise<Locator> {
  await (await openDay(widget)).click();
  const slot = widget.locator('.ef-booking__slot').nth(n);
  picked.push((await slot.textContent()) ?? '');
  await slot.click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await expect(widget.getByRole('heading', { name: 'Enter your information' })).toBeVisible();
  await widget.getByLabel(/first name/i).fill('Tia');
  await widget.getByLabel(/email/i).fill(email);
  await widget.getByRole('button', { name: 'Book with the team' }).click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  await widget.getByLabel('Additional information').fill('Looking forward to it.');
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.getByRole('link', { name: 'Add to Google calendar' })).toBeVisible();
  await expectNoAxeViolations(page);
  return widget.getByTestId('booking-with');
}

const memberOf = (email: string) =>
  queryD1<{ user_id: string }>("SELECT a.user_id FROM appointments a JOIN contacts c ON c.id = a.contact_id WHERE c.email = ? AND a.calendar_id = 'cal_team'", [
    email,
  ]);

test('a visitor chooses a coach, books with them, and a reschedule keeps the coach', async ({ page }) => {
  const widget = await openWidget(page, '/widget/booking/cal_team');
  const choice = widget.getByLabel('Meet with');
  await expect(choice.locator('option')).toHaveText(['Anyone available', 'Maya Chen', 'Leo Brandt']);
  await expectNoAxeViolations(page);
  // Leo's day ends at 13:00 in New York (19:00 in Berlin): his last time of a day is 12:00 there.
  await choice.selectOption({ label: 'Leo Brandt' });
  await (await openDay(widget)).click();
  await expect(widget.locator('.ef-booking__slot').last()).toHaveAttribute('aria-label', /18:00|6:00/);
  const email = uniqueEmail('team-leo');
  await expect(await bookNth(page, widget, 0, email)).toHaveText('Leo Brandt');
  expect(memberOf(email)).toEqual([{ user_id: 'usr_leo' }]);

  const reschedule = (await widget.getByRole('link', { name: 'Reschedule this booking' }).getAttribute('href')) as string;
  const again = await openWidget(page, new URL(reschedule).pathname + new URL(reschedule).search);
  await expect(again.getByLabel('Meet with')).toHaveCount(0);
  await (await openDay(again)).click();
  await again.locator('.ef-booking__slot').nth(2).click();
  await again.getByRole('button', { name: /^Select time/ }).click();
  await expect(again.getByRole('heading', { name: 'Your Meeting has been Rescheduled' })).toBeVisible();
  await expect(again.getByTestId('booking-with')).toHaveText('Leo Brandt');
  expect(memberOf(email)).toEqual([{ user_id: 'usr_leo' }]);
});

test('"Anyone available" hands the same time to the next coach free, by round robin', async ({ page }) => {
  const names: string[] = [];
  const picked: string[] = [];
  for (const who of ['first', 'second']) {
    const widget = await openWidget(page, '/widget/booking/cal_team');
    await expect(widget.getByLabel('Meet with')).toHaveValue('');
    const email = uniqueEmail(`team-any-${who}`);
    names.push((await (await bookNth(page, widget, 1, email, picked)).textContent()) ?? '');
  }
  // The same time both times, with each coach once.
  expect(picked[0]).toBe(picked[1]);
  expect(names.sort()).toEqual(['Leo Brandt', 'Maya Chen']);
  // Both coaches are booked then: the time is gone from the calendar.
  const widget = await openWidget(page, '/widget/booking/cal_team');
  await (await openDay(widget)).click();
  await expect(widget.locator('.ef-booking__slot').first()).toBeVisible();
  expect(await widget.locator('.ef-booking__slot').allTextContents()).not.toContain(picked[0]);
});

test('a link with user_id books that coach and offers no choice', async ({ page }) => {
  const widget = await openWidget(page, '/widget/booking/cal_team?user_id=usr_maya');
  await expect(widget.getByLabel('Meet with')).toHaveCount(0);
  const email = uniqueEmail('team-maya');
  await expect(await bookNth(page, widget, 3, email)).toHaveText('Maya Chen');
  expect(memberOf(email)).toEqual([{ user_id: 'usr_maya' }]);
});

test('a calendar that spreads bookings evenly gives "Anyone available" to the member with fewer bookings', async ({ page, request }) => {
  const day = (start: string, end: string) => [{ start, end }];
  const week = { mon: day('09:00', '17:00'), tue: day('09:00', '17:00'), wed: day('09:00', '17:00'), thu: day('09:00', '17:00'), fri: day('09:00', '17:00') };
  await putDocument(ORIGIN, 'calendars', {
    id: 'cal_team_even',
    locationId: 'loc_demo',
    slug: 'team-even',
    name: 'Evenly shared team',
    slot_duration: 30,
    timezone: 'America/New_York',
    availability: { ...week, sat: [], sun: [] },
    allow_booking_after: 1,
    allow_booking_after_unit: 'days',
    allow_booking_for: 30,
    allow_booking_for_unit: 'days',
    team_members: [
      { user_id: 'usr_ann', name: 'Ann Even' },
      { user_id: 'usr_ben', name: 'Ben Even' },
    ],
    round_robin: 'even',
    allow_member_choice: true,
  } as { id: string });
  // Ann is booked twice, then Ben once: Ben booked last, but Ann has more bookings.
  const times = await freeTimes(request, 'cal_team_even', VISITOR_ZONE, Date.now());
  for (const [i, userId] of ['usr_ann', 'usr_ann', 'usr_ben'].entries()) {
    const res = await request.post(`${ORIGIN}/api/appointment`, {
      multipart: {
        formData: JSON.stringify({
          calendar_id: 'cal_team_even',
          selected_slot: times[times.length - 1 - i],
          selected_timezone: VISITOR_ZONE,
          user_id: userId,
          first_name: 'Eve',
          last_name: 'Even',
          phone: '+12025550111',
          email: uniqueEmail(`even-${i}`),
          ...(await bookingDefence(request, 'cal_team_even')),
        }),
      },
    });
    expect(res.status()).toBe(200);
  }
  const widget = await openWidget(page, '/widget/booking/cal_team_even');
  await expect(widget.getByLabel('Meet with')).toHaveValue('');
  await (await openDay(widget)).click();
  await widget.locator('.ef-booking__slot').first().click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await widget.getByLabel(/first name/i).fill('Vera');
  await widget.getByLabel(/last name/i).fill('Visitor');
  await widget.getByLabel(/^phone/i).fill('+1 202 555 0112');
  await widget.getByLabel(/^email/i).fill(uniqueEmail('even-visitor'));
  await widget.locator('form button[type="submit"]').click();
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeVisible();
  await widget.getByLabel('Additional information').fill('Either of you is fine.');
  await widget.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.getByTestId('booking-with')).toHaveText('Ben Even');
});
