/**
 * The keyboard walks of issue 31 (docs/requirements.md, "Keyboard and screen reader"): with
 * no mouse at all, a visitor books on cal_discovery, finishes survey_demo and submits
 * form_all_fields with its signature; focus lands on each new step's heading or end
 * screen, and axe finds nothing at every step. Only the keyboard moves here: Tab to reach
 * a control, then the keys a person would press.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { q, r2Object, sql } from './forms-store';
import { uniqueEmail } from './booking-helpers';
import { tabIntoWidget } from './support/wake';

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 });

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

// A zone whose name has an underscore: slot names must read it as words.
test.use({ timezoneId: 'America/New_York' });

const slide = (page: Page) => page.getByTestId('survey-slide');

test('survey_demo with the keyboard: arrows only move the choice, Space answers, a disqualifying answer can be changed, the end takes the focus', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/survey/survey_demo');
  await tabIntoWidget(page);
  await expect(page.locator('astro-island:not([ssr]) [data-survey-state="idle"]')).toBeVisible();
  await noAxeViolations(page);

  const coach = page.getByRole('radio', { name: 'Coach or consultant' });
  await tabTo(page, coach);
  // ↑ wraps to the disqualifying answer: it is chosen, nothing more.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'I have not started a business yet' })).toBeChecked();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_business');
  await expect(page.getByTestId('survey-end')).toHaveCount(0);
  // ↓ changes it back, and still does not move on.
  await page.keyboard.press('ArrowDown');
  await expect(coach).toBeChecked();
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_business');
  // Space on the chosen answer is the visitor's answer: the survey moves on and the new question has the focus.
  await page.keyboard.press('Space');
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(slide(page)).toBeFocused();
  // Under reduced motion nothing waits for an animation: Next is usable at once.
  await expect(page.getByTestId('survey-next')).toBeEnabled();
  await noAxeViolations(page);

  // ↓ on the closed dropdown picks an answer without moving on; Enter moves on.
  const revenue = page.getByLabel('Roughly how much does your business make per month?');
  await tabTo(page, revenue);
  await page.keyboard.press('ArrowDown');
  await expect(revenue).not.toHaveValue('');
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_revenue');
  await page.keyboard.press('Enter');
  await expect(slide(page)).not.toHaveAttribute('data-slide-id', 'slide_revenue');
  await expect(slide(page)).toBeFocused();

  // A checkbox question: Space ticks, Next (Enter) moves on.
  if ((await slide(page).getAttribute('data-slide-id')) === 'slide_challenge') {
    const leads = page.getByRole('checkbox', { name: 'Not enough leads' });
    await tabTo(page, leads);
    await page.keyboard.press('Space');
    await expect(leads).toBeChecked();
    await tabTo(page, page.getByTestId('survey-next'));
    await page.keyboard.press('Enter');
  }
  await expect(slide(page)).toHaveAttribute('data-slide-id', 'slide_contact');
  await noAxeViolations(page);

  const email = uniqueEmail('survey-keys');
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Kim');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('button', { name: 'Submit answers' }));
  await page.keyboard.press('Enter');

  // The end screen takes the focus and is a status region, so it is read out.
  const end = page.getByTestId('survey-end');
  await expect(end).toHaveAttribute('data-survey-end', 'submitted');
  await expect(end).toBeFocused();
  await expect(end).toHaveRole('status');
  await noAxeViolations(page);
  await expect
    .poll(
      () =>
        sql(`SELECT COUNT(*) AS n FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.ref_id = 'survey_demo' AND c.email = ${q(email)}`)[0]?.n,
    )
    .toBe(1);
});

test('focusing "Your own answer" keeps the chosen option; typing in it chooses it', async ({ page }) => {
  await page.goto('/widget/form/form_all_fields');
  await tabIntoWidget(page);
  const coaching = page.getByRole('radio', { name: '1:1 coaching' });
  await tabTo(page, coaching);
  await page.keyboard.press('Space');
  await expect(coaching).toBeChecked();
  const own = page.getByLabel('Your own answer');
  await tabTo(page, own);
  await expect(coaching).toBeChecked();
  await page.keyboard.type('Workshops');
  await expect(coaching).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();
});

test('form_all_fields with the keyboard: every required field, the typed signature, submitted; the thank-you takes the focus', async ({ page }) => {
  await page.goto('/widget/form/form_all_fields');
  await tabIntoWidget(page);
  await noAxeViolations(page);
  const email = uniqueEmail('form-keys');
  const type = async (target: Locator, text: string) => {
    await tabTo(page, target);
    await page.keyboard.type(text);
  };
  const input = (tag: string) => page.locator(`[data-field="${tag}"] input`).first();
  await type(input('first_name'), 'Jane');
  await type(input('last_name'), 'Doe');
  await type(input('email'), email);
  await type(input('phone'), '+1 617 555 0142');
  // A select answers to the first letters of its option.
  const country = page.locator('[data-field="country"] select');
  await tabTo(page, country);
  await page.keyboard.type('Canada');
  await expect(country).toHaveValue('CA');
  await type(input('clients_per_month'), '4');
  await type(page.getByLabel('Goal 1'), 'More calls');
  const referrals = page.getByRole('checkbox', { name: 'Referrals' });
  await tabTo(page, referrals);
  await page.keyboard.press('Space');
  await expect(referrals).toBeChecked();
  const niche = page.getByLabel('Your niche');
  await tabTo(page, niche);
  await page.keyboard.type('Career');
  await expect(niche).toHaveValue('Career');
  const levels = page.locator('[data-field="office_location"] select');
  for (const [i, text] of ['Canada', 'Ontario', 'Toronto'].entries()) {
    await tabTo(page, levels.nth(i));
    await page.keyboard.type(text);
    await expect(levels.nth(i)).toHaveValue(text);
  }
  // The signature without a pointer: the name typed is written on the pad as the signature.
  await type(page.getByLabel('Or type your full name to sign'), 'Jane Doe');
  await noAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Request my strategy session' }));
  await page.keyboard.press('Enter');

  const thanks = page.locator('[data-form-state="done"]');
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await noAxeViolations(page);
  const rows = sql(
    `SELECT u.object_key FROM uploads u JOIN submissions s ON s.id = u.owner_id JOIN contacts c ON c.id = s.contact_id WHERE c.email = ${q(email)} AND u.field = 'signature'`,
  );
  expect(rows).toHaveLength(1);
  const png = r2Object(rows[0]?.object_key);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
});

const ORIGIN_WIDGET = '/widget/booking/cal_discovery';

async function openBooking(page: Page, query = ''): Promise<Locator> {
  await page.goto(`${ORIGIN_WIDGET}${query}`);
  const widget = page.locator('.ef-booking').first();
  await expect(widget.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return widget;
}

test('cal_discovery with the keyboard: a day, a time, Select time, the contact step, the note, the confirmation, then the cancel page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openBooking(page, '?color=37ca37');
  // The seller's green is darkened until white text on it reads at 4.5:1 (axe checks the contrast at each step).
  await noAxeViolations(page);

  // The chosen day (wide screens choose the month's first free day) takes Tab; Enter keeps it.
  await tabTo(page, widget.locator('.ef-booking__day[tabindex="0"]'));
  await page.keyboard.press('Enter');
  const slot = widget.locator('.ef-booking__slot').first();
  await tabTo(page, slot);
  // Slot names read the zone as words: no underscore.
  await expect(slot).toHaveAttribute('aria-label', /, America\/New York$/);
  await page.keyboard.press('Enter');
  await tabTo(page, widget.getByRole('button', { name: /^Select time/ }));
  await page.keyboard.press('Enter');

  // The contact step's heading has the focus.
  const contactHeading = widget.getByRole('heading', { name: 'Enter your information' });
  await expect(contactHeading).toBeFocused();
  await noAxeViolations(page);
  // Back to the calendar: the month's heading takes the focus.
  await tabTo(page, widget.getByRole('button', { name: 'Back to the calendar' }), true);
  await page.keyboard.press('Enter');
  await expect(widget.locator('.ef-booking__month-title')).toBeFocused();

  await tabTo(page, widget.locator('.ef-booking__slot').first());
  await page.keyboard.press('Enter');
  await tabTo(page, widget.getByRole('button', { name: /^Select time/ }));
  await page.keyboard.press('Enter');
  await expect(contactHeading).toBeFocused();
  const email = uniqueEmail('keys');
  for (const [label, text] of [
    [/first name/i, 'Kim'],
    [/last name/i, 'Lee'],
    [/^phone/i, '+1 617 555 0142'],
    [/^email/i, email],
  ] as const) {
    await tabTo(page, widget.getByLabel(label));
    await page.keyboard.type(text);
  }
  await tabTo(page, widget.locator('button[type="submit"]'));
  await page.keyboard.press('Enter');

  const noteHeading = widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' });
  await expect(noteHeading).toBeFocused();
  await noAxeViolations(page);
  await tabTo(page, widget.getByRole('button', { name: 'Skip' }));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('heading', { name: 'Your Meeting has been Scheduled' })).toBeFocused();
  await expect(widget.getByRole('link', { name: 'Cancel this booking' })).toBeVisible();
  await noAxeViolations(page);

  // The cancel page: an h1, a reason typed, Enter on the button; the end takes the focus.
  const cancelHref = (await widget.getByRole('link', { name: 'Cancel this booking' }).getAttribute('href')) as string;
  await page.goto(cancelHref);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel Booking' })).toBeVisible();
  await tabTo(page, page.getByLabel(/Reason for cancelling/));
  await page.keyboard.type('Something came up.');
  await tabTo(page, page.getByRole('button', { name: 'Cancel appointment' }));
  await page.keyboard.press('Enter');
  const end = page.getByTestId('cancel-end');
  await expect(end).toBeFocused();
  await expect(end.getByRole('heading', { level: 1, name: 'Your meeting has been cancelled.' })).toBeVisible();
  await noAxeViolations(page);
});

test('the zone picker is a combobox button: aria-expanded while open, and Escape or a pick returns the focus to it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openBooking(page);
  const button = widget.getByRole('button', { name: /Time zone/ });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const search = widget.getByRole('combobox', { name: 'Search time zones' });
  await expect(search).toBeFocused();
  await noAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await page.keyboard.type('new york');
  await page.keyboard.press('Enter');
  await expect(button).toBeFocused();
  await expect(button).toContainText('America/New York (GMT');
});

test('at 375 px: choosing a day moves the focus to its times heading, back moves it to the month; headings never skip a level', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const widget = await openBooking(page, '?lang=de');
  const day = widget.locator('.ef-booking__day:not([aria-disabled="true"])').first();
  await tabTo(page, widget.locator('.ef-booking__day[tabindex="0"]'));
  // Move to a free day with the arrows if needed, then Enter.
  const date = await day.getAttribute('data-date');
  for (let moves = 0; moves < 40 && !(await isFocused(day)); moves += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const dayTitle = widget.locator('.ef-booking__day-title');
  await expect(dayTitle).toBeFocused();
  expect(date).not.toBeNull();
  // h1, then h2 for the day's times, then h3 for the halves of the day.
  const levels = await page.locator('h1:visible, h2:visible, h3:visible').evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
  for (const [i, level] of levels.entries()) if (i > 0) expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1);
  // Under German the 12-hour clock does not say PM.
  await expect(widget.locator('.ef-booking__slot').first()).not.toContainText(/AM|PM/);
  await noAxeViolations(page);
  await tabTo(page, widget.getByRole('button', { name: /Zurück|Back/ }), true);
  await page.keyboard.press('Enter');
  await expect(widget.locator('.ef-booking__month-title')).toBeFocused();
});
