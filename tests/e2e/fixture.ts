/**
 * The browser-test fixture funnel (tests/e2e/fixture-data, imported by global-setup) served
 * on fixture.localhost (Chromium resolves *.localhost to loopback), and what its specs share:
 * opening a page once the page runtime is wired, and standing in for third parties at the
 * network boundary (no internet here).
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

/** Origin of the fixture funnel. */
export const FIXTURE = `http://fixture.localhost:${E2E_PORT}`;

/** The signed preview link of a page's draft, as the admin API hands it out (a path). */
export async function previewUrlOf(pageId: string): Promise<string> {
  const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/pages/${pageId}`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
  const url = res.headers.get('x-preview-url');
  if (!res.ok || !url) throw new Error(`no preview URL for ${pageId}: ${res.status}`);
  return url;
}

/** Opens a fixture page and waits until the page runtime has wired it up. */
export async function openFixture(page: Page, path = '/'): Promise<void> {
  const res = await page.goto(`${FIXTURE}${path}`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
}

/**
 * Waits until the page runtime is ready and the work it queued as it started (tracking calls,
 * the pixel, the prefetch) has run: the page is idle. A check that nothing was sent is
 * meaningful only after this.
 */
export async function runtimeSettled(page: Page): Promise<void> {
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/** Holds the page runtime's module back (src/client/runtime-loader.ts) until the returned function is called. */
export async function holdRuntime(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/page-runtime-script.*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Third parties the fixture links to: example.com answers a small page, the membership
 * site records what it was asked, YouTube answers as a local player, Vimeo is unreachable.
 */
export async function standInForThirdParties(context: BrowserContext): Promise<string[]> {
  const visited: string[] = [];
  const page = (body: string) => ({ status: 200, contentType: 'text/html', body });
  await context.route('https://example.com/**', (route) => route.fulfill(page(`<title>Example</title><h1>${new URL(route.request().url()).pathname}</h1>`)));
  await context.route('https://members.test/**', (route) => {
    visited.push(route.request().url());
    return route.fulfill(page('<h1>Library</h1>'));
  });
  await context.route('https://www.youtube.com/**', (route) => route.fulfill(page('<body style="margin:0;background:#123">Local player</body>')));
  await context.route(/vimeo\.com/, (route) => route.abort('internetdisconnected'));
  await context.route('https://connect.facebook.net/**', (route) => route.abort('internetdisconnected'));
  return visited;
}

/** Records every layout shift of the page's next documents (read them with layoutShifts). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until the page's fonts are in and two more frames are drawn: a layout shift would be recorded by then. */
export async function paintSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** The layout shifts of the current document so far (an empty list: nothing moved). */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}
