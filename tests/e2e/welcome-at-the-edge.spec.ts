/**
 * The booking calendar and the survey of /welcome are rendered at the edge and wake when the
 * visitor uses them (client:interact): a visitor whose browser is in the zone the edge places
 * them in sees the month's free days and the first question before any React loads, and
 * using either brings it to life with nothing lost. A visitor whose browser is in another zone
 * gets the calendar in their own zone as soon as it shows.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ORIGIN } from './booking-helpers';

const calendarIsland = 'astro-island[component-url*="booking-widget"]';
const surveyIsland = 'astro-island[component-url*="survey-widget"]';

/** The zone the page was rendered in for this machine's requests (the edge's cf.timezone: miniflare places them in Austin, Texas). */
async function renderedZone(page: Page): Promise<string> {
  await page.goto(`${ORIGIN}/welcome`);
  const opts = JSON.parse((await page.locator(calendarIsland).getAttribute('opts')) ?? '{}') as { value?: { zone?: string } };
  expect(opts.value?.zone, 'the calendar island names the zone it was rendered in').toMatch(/^[A-Za-z_]+\/[A-Za-z_/]+$|^UTC$/);
  return opts.value?.zone ?? '';
}

async function visitorIn(browser: Browser, timezoneId: string, width = 375) {
  const context = await browser.newContext({ timezoneId, viewport: { width, height: 812 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, scripts };
}

test('in the zone the edge places the visitor in, the calendar and the survey show at once and wake when used', async ({ browser, page: probe }) => {
  const zone = await renderedZone(probe);
  const { context, page, scripts } = await visitorIn(browser, zone);
  await page.goto(`${ORIGIN}/welcome`, { waitUntil: 'networkidle' });
  const calendar = page.locator('[data-element="calendar"] .ef-booking');
  const survey = page.locator('[data-element="survey"]');
  // The month with its free days, in the visitor's zone, and the first question: no React yet.
  await expect(calendar.locator('.ef-booking__zone-button')).toContainText(zone);
  await expect(calendar.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  const freeDays = calendar.locator('.ef-booking__day[aria-disabled="false"]');
  const monthEnd = (await freeDays.count()) === 0;
  // At a month's end nothing may be free in it (the demo calendars open from tomorrow in New York, on weekdays): the month says so.
  if (monthEnd) await expect(calendar.getByText('No slot available this month.')).toBeVisible();
  await expect(survey.getByRole('radio', { name: 'Agency owner' })).toBeVisible();
  await expect(page.locator(calendarIsland)).toHaveAttribute('ssr', '');
  await expect(page.locator(surveyIsland)).toHaveAttribute('ssr', '');
  expect(scripts.filter((path) => /booking-widget|survey-widget|\/client\./.test(path))).toEqual([]);

  if (monthEnd) {
    // Its link to the next month wakes the calendar and shows that month's free days.
    await calendar.getByRole('button', { name: 'Go to next month' }).click();
    await expect(page.locator(calendarIsland)).not.toHaveAttribute('ssr', '');
    await expect(calendar.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    await expect(freeDays.first()).toBeVisible();
  }

  // A tap on a free day wakes the calendar and chooses that day: its times show.
  const day = freeDays.first();
  const longDate = ((await day.getAttribute('aria-label')) ?? '').replace(/, free times available$/, '');
  await day.click();
  await expect(page.locator(calendarIsland)).not.toHaveAttribute('ssr', '');
  await expect(calendar.locator('.ef-booking__slot').first()).toBeVisible();
  await expect(calendar.locator('.ef-booking__day-title')).toHaveText(`Free times on ${longDate}`);

  // An answer chosen on the sleeping survey wakes it, counts, and moves it on.
  await survey.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(survey.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
  await context.close();
});

test("in another zone, the calendar moves to the visitor's own zone as soon as it shows", async ({ browser, page: probe }) => {
  const zone = await renderedZone(probe);
  const other = zone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
  const { context, page } = await visitorIn(browser, other);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/appointment/free-slots')) asked.push(new URL(request.url()).searchParams.get('timezone') ?? '');
  });
  await page.goto(`${ORIGIN}/welcome`);
  const calendar = page.locator('[data-element="calendar"] .ef-booking');
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar.locator('.ef-booking__zone-button')).toContainText(other);
  await expect(calendar.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  // Its free slots are asked for once, in the visitor's zone (not first again in the render's).
  await expect.poll(() => asked).toEqual([other]);
  // The survey, which does not depend on the zone, still waits for the visitor.
  await expect(page.locator(surveyIsland)).toHaveAttribute('ssr', '');
  await context.close();
});

test("woken in a later month than the page was rendered in (a copy from before midnight), the calendar opens on the visitor's month", async ({
  browser,
  page: probe,
}) => {
  const zone = await renderedZone(probe);
  const rendered = await probe.locator('[data-element="calendar"] [role="grid"]').getAttribute('aria-labelledby');
  const renderedMonth = await probe.locator(`[id="${rendered}"]`).textContent();
  const other = zone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
  const { context, page } = await visitorIn(browser, other);
  // The visitor's clock says the first of next month, 10:00 there.
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  next.setUTCHours(3, 0, 0, 0);
  await page.clock.setFixedTime(next);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: other }).format(next);
  const asked = page.waitForRequest((r) => r.url().includes('/api/appointment/free-slots') && r.url().includes(encodeURIComponent(other)));
  await page.goto(`${ORIGIN}/welcome`);
  const calendar = page.locator('[data-element="calendar"] .ef-booking');
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar.locator('.ef-booking__zone-button')).toContainText(other);
  // The month asked for (its UTC span, padded by 14 h either side for every zone).
  const startDate = Number(new URL((await asked).url()).searchParams.get('startDate'));
  expect(new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(startDate + 14 * 3_600_000)).toBe(monthName);
  const grid = calendar.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator(`[id="${await grid.getAttribute('aria-labelledby')}"]`)).toHaveText(monthName);
  expect(monthName).not.toBe(renderedMonth);
  await context.close();
});
