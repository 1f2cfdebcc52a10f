/*
 * The page runtime on a page the app renders (/runtime of the fixture funnel, with a seller
 * pixel): the visit's tracking calls and cookie, notrack, the pixel, actions that do nothing
 * but say so, and the video islands (a seller's embed code, autoplay in a popup, full width
 * on a phone). Tracking calls are seen at the network boundary and reach the real worker.
 */
import { expect, type Page, test } from '@playwright/test';
import { FIXTURE, openFixture, runtimeSettled, standInForThirdParties } from './fixture';

const ONE_YEAR_S = 31_536_000;

test.beforeEach(async ({ context }) => {
  await standInForThirdParties(context);
});

/** The bodies of the tracking calls the page sends (a beacon's body is only readable at the route), passed on to the worker. */
async function recordTracking(page: Page): Promise<{ path: string; body: Record<string, unknown> }[]> {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  await page.route(/\/api\/(funnel\/event|session)$/, async (route) => {
    sent.push({ path: new URL(route.request().url()).pathname, body: JSON.parse(route.request().postData() ?? 'null') });
    await route.continue();
  });
  return sent;
}

const pixelCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue.map((call) => Array.from(call).join(':')) ?? null);

test('a visit sets a fingerprint cookie for a year, sends the page_view event and the session record, and starts the pixel', async ({ context, page }) => {
  const sent = await recordTracking(page);
  const pixelRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://connect.facebook.net/')) pixelRequests.push(request.url());
  });
  await openFixture(page, '/runtime');
  await expect.poll(() => sent.length).toBe(2);
  const fingerprint = (await context.cookies(FIXTURE)).find((cookie) => cookie.name === 'fingerprint');
  expect(fingerprint?.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(Math.round(fingerprint!.expires - Date.now() / 1000)).toBeGreaterThan(ONE_YEAR_S - 60);
  expect(sent).toContainEqual({
    path: '/api/funnel/event',
    body: {
      funnel_id: 'fn_fixture',
      page_id: 'pg_fx_runtime',
      domain_name: 'fixture.localhost',
      page_url: '/runtime',
      fingerprint: fingerprint!.value,
      funnel_step_id: 'st_fx_runtime',
      event_type: 'page_view',
    },
  });
  expect(sent).toContainEqual({
    path: '/api/session',
    body: { locationId: 'loc_demo', type: 'funnel', id: 'pg_fx_runtime', name: 'Fixture: page runtime', fingerprint: fingerprint!.value },
  });
  // The pixel host is unreachable here: the calls wait in fbq's queue.
  await expect.poll(() => pixelCalls(page)).toEqual(['init:123456789', 'track:PageView']);
  expect(pixelRequests.length).toBeGreaterThan(0);
});

test('with notrack the page sends nothing, sets no fingerprint and starts no pixel', async ({ context, page }) => {
  const sent = await recordTracking(page);
  await openFixture(page, '/runtime?notrack=1');
  await runtimeSettled(page);
  expect(sent).toEqual([]);
  expect((await context.cookies(FIXTURE)).some((cookie) => cookie.name === 'fingerprint')).toBe(false);
  expect(await pixelCalls(page)).toBeNull();
});

test.describe('measured by a page-speed tool (the funnel state’s speedTest flag)', () => {
  // PageSpeed Insights' desktop agent: Chrome with "Chrome-Lighthouse" at its end.
  test.use({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Chrome-Lighthouse',
  });

  test('the load is not a visit: the page works, and sends nothing, sets no fingerprint and starts no pixel', async ({ context, page }) => {
    const sent = await recordTracking(page);
    await openFixture(page, '/runtime');
    await runtimeSettled(page);
    await expect(page.locator('html')).toHaveAttribute('data-speed-test', '');
    expect(sent).toEqual([]);
    expect((await context.cookies(FIXTURE)).some((cookie) => cookie.name === 'fingerprint')).toBe(false);
    expect(await pixelCalls(page)).toBeNull();
  });
});

test('the mobileDevice flag: a screen at most 767 px wide is mobile, kept in step when the window changes', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 800 });
  await openFixture(page, '/runtime');
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
  await expect(page.locator('html')).not.toHaveAttribute('data-speed-test', /.*/);
  await page.setViewportSize({ width: 768, height: 800 });
  await expect(page.locator('html')).not.toHaveAttribute('data-mobile', /.*/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
});

test('an invalid fingerprint cookie is replaced, and the page_view event reports the old one', async ({ context, page }) => {
  await context.addCookies([{ name: 'fingerprint', value: 'legacy-value', url: FIXTURE }]);
  const sent = await recordTracking(page);
  await openFixture(page, '/runtime');
  await expect.poll(() => sent.length).toBe(2);
  const fingerprint = (await context.cookies(FIXTURE)).find((cookie) => cookie.name === 'fingerprint')?.value;
  expect(fingerprint).toMatch(/^[0-9a-f-]{36}$/);
  const event = sent.find((call) => call.path === '/api/funnel/event')?.body;
  expect(event).toMatchObject({ old_fingerprint: 'legacy-value', fingerprint });
});

test('an unknown action is logged and a payment button without a product stays idle', async ({ page }) => {
  await openFixture(page, '/runtime');
  const logged = page.waitForEvent('console', (message) => message.text() === 'Unknown button action: teleport');
  await page.locator('#btn_rt_unknown [data-action]').click();
  await logged;

  await page.evaluate(() => {
    const win = window as unknown as { sales: number };
    win.sales = 0;
    document.addEventListener('funnel:sell-product', () => {
      win.sales += 1;
    });
  });
  const button = page.locator('#btn_rt_sell_empty [data-action="sell-product"]');
  await button.click();
  // The action decides in the click's own task: a sale would have made the button busy already.
  await expect(button).not.toHaveAttribute('aria-busy', /./);
  await expect(button).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { sales: number }).sales)).toBe(0);
});

test("a seller's embed code plays in place; its host is not contacted before play", async ({ page }) => {
  const playerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://www.youtube.com/')) playerRequests.push(request.url());
  });
  await openFixture(page, '/runtime');
  await runtimeSettled(page);
  const video = page.locator('#vid_rt_embed');
  await expect(video.locator('.ef-video')).toHaveAttribute('data-video-state', 'poster');
  await expect(video.locator('iframe')).toHaveCount(0);
  expect(playerRequests).toEqual([]);
  await video.locator('.ef-video__poster').click();
  await expect(video.locator('.ef-video')).toHaveAttribute('data-video-state', 'playing');
  await expect(video.locator('iframe[title="Local player"]')).toHaveCount(1);
});

test('a video that plays by itself starts 3 s after its popup opens and stops when the popup closes', async ({ page }) => {
  await openFixture(page, '/runtime');
  const video = page.locator('#vid_rt_popup .ef-video');
  await page.locator('#btn_rt_popup [data-action]').click();
  await expect(page.locator('[data-popup="popup_video"]')).toBeVisible();
  await expect(video).toHaveAttribute('data-video-state', 'playing', { timeout: 8000 });
  await page.keyboard.press('Escape');
  await expect(video).toHaveAttribute('data-video-state', 'poster');
  await expect(page.locator('#vid_rt_popup iframe')).toHaveCount(0);
});

test('on a 390 px phone a 640 px video fills its column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openFixture(page);
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
  const video = await page.locator('#vid_yt .ef-video').boundingBox();
  const column = await page.locator('#vid_yt').boundingBox();
  expect(video!.width).toBeLessThan(390);
  expect(Math.abs(video!.width - column!.width)).toBeLessThan(2);
});
