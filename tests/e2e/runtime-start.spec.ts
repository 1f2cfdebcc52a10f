/*
 * When the page runtime starts (src/client/runtime-loader.ts): after the page has loaded and
 * the browser is idle, so it costs the first view nothing, or at the visitor's first use of the
 * page. A click it would handle, made before it has started, is carried out once it has.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE, holdRuntime, openFixture, standInForThirdParties } from './fixture';

test('the runtime is fetched only once the page has loaded, then wires the page', async ({ page }) => {
  await openFixture(page, '/?utm_source=mail');
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const runtime = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/_astro/page-runtime-script.'));
    return { loaded: navigation?.loadEventStart ?? Number.NaN, fetched: runtime?.startTime ?? Number.NaN };
  });
  expect(timing.fetched).toBeGreaterThanOrEqual(timing.loaded);
  // Wired: the step link carries the query.
  await expect(page.locator('#btn_next a')).toHaveAttribute('href', '/second?utm_source=mail');
});

test.describe(() => {
  // A browser in a zone other than the one the edge places it in: the calendar wakes when it shows.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("Astro's island runtime is fetched with the page runtime, after load; the islands then hydrate as before", async ({ page }) => {
    await page.goto('/welcome');
    // Not inline in the page.
    expect(await page.content()).not.toContain('customElements.define("astro-island"');
    // The booking calendar hydrates when visible and shows the free days in the browser's zone.
    await expect(page.locator('astro-island[component-url*="booking-widget"][ssr]')).toHaveCount(0);
    await expect(page.locator('.ef-booking__zone-button')).toContainText('Asia/Tokyo');
    await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const islands = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/_astro/astro-island.'));
      return { loaded: navigation?.loadEventStart ?? Number.NaN, fetched: islands?.startTime ?? Number.NaN };
    });
    expect(timing.fetched).toBeGreaterThanOrEqual(timing.loaded);
  });
});

test('a step link clicked before the runtime has started carries the query once it has', async ({ page }) => {
  const release = await holdRuntime(page);
  await page.goto(`${FIXTURE}/?utm_source=mail`);
  await page.locator('#btn_next a').click();
  // Held: the page waits for the runtime instead of leaving without the query.
  await expect(page.locator('html')).not.toHaveAttribute('data-page-runtime', /./);
  expect(page.url()).toBe(`${FIXTURE}/?utm_source=mail`);
  release();
  await page.waitForURL(`${FIXTURE}/second?utm_source=mail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second step');
});

test('a popup button pressed before the runtime has started opens the popup once it has', async ({ page }) => {
  const release = await holdRuntime(page);
  await page.goto(FIXTURE);
  await page.locator('#btn_popup button').click();
  const popup = page.getByRole('dialog');
  await expect(popup).toBeHidden();
  release();
  await expect(popup).toBeVisible();
});

test('a modified click and a plain link are not held: they keep their browser meaning', async ({ context, page }) => {
  await standInForThirdParties(context);
  await holdRuntime(page);
  await page.goto(FIXTURE);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('#btn_next a').click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/second');
  // A url action is a plain link: it opens its page in a new tab at once.
  const [offer] = await Promise.all([context.waitForEvent('page'), page.locator('#btn_url a').click()]);
  await offer.waitForLoadState();
  expect(offer.url()).toBe('https://example.com/offer');
  await expect(page.locator('html')).not.toHaveAttribute('data-page-runtime', /./);
});

test('without the runtime, a held link click goes through as a plain link', async ({ page }) => {
  await page.route('**/_astro/page-runtime-script.*.js', (route) => route.abort());
  await page.goto(FIXTURE);
  await page.locator('#btn_next a').click();
  await page.waitForURL(`${FIXTURE}/second`);
});
