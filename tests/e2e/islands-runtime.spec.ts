/*
 * The page runtime and the timer and video islands in Chromium, on the fixture page that
 * follows docs/contracts/islands.md (fixtures/islands-page.html), independent of the page
 * renderer. The project's code is bundled with esbuild and served at http://islands.test;
 * only third parties (video hosts, pixel host, membership site) and the platform API are
 * stood in for at the network boundary.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';

const ORIGIN = 'http://islands.test';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
let bundle: { js: string; css: string };

test.beforeAll(async () => {
  const result = await build({
    entryPoints: [fixture('islands-entry.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    outdir: '/bundle',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const file = (ext: string) => result.outputFiles.find((out) => out.path.endsWith(ext))?.text ?? '';
  bundle = { js: file('.js'), css: file('.css') };
});

interface Recorded {
  api: { path: string; body: unknown }[];
  external: string[];
}

async function serve(context: BrowserContext): Promise<Recorded> {
  const recorded: Recorded = { api: [], external: [] };
  const html = readFileSync(fixture('islands-page.html'), 'utf8');
  await context.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) {
      recorded.api.push({ path: url.pathname, body: JSON.parse(route.request().postData() ?? 'null') });
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    }
    const files: Record<string, [string, string]> = {
      '/fixture.js': ['text/javascript', bundle.js],
      '/fixture.css': ['text/css', bundle.css],
      '/player.html': ['text/html', '<body style="margin:0;background:#234;color:#fff">Local player playing</body>'],
    };
    const [contentType, body] = files[url.pathname] ?? ['text/html', url.pathname === '/islands' ? html : `<h1>${url.pathname}</h1>`];
    return route.fulfill({ status: 200, contentType, body });
  });
  await context.route('https://islands.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Redirected</h1>' }));
  for (const host of ['https://www.youtube.com/**', 'https://connect.facebook.net/**', 'https://members.test/**']) {
    await context.route(host, (route) => {
      recorded.external.push(route.request().url());
      return host.includes('members') ? route.fulfill({ status: 200, body: 'library' }) : route.abort('internetdisconnected');
    });
  }
  return recorded;
}

async function open(page: Page, query = ''): Promise<void> {
  await page.goto(`${ORIGIN}/islands${query}`);
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
}

test('tracking: fingerprint cookie, page_view event, session record and pixel', async ({ context, page }) => {
  const recorded = await serve(context);
  await open(page);
  await expect.poll(() => recorded.api.length).toBe(2);
  const fingerprint = (await context.cookies()).find((cookie) => cookie.name === 'fingerprint');
  expect(fingerprint?.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(Math.round(fingerprint!.expires - Date.now() / 1000)).toBeGreaterThan(31536000 - 60);
  expect(recorded.api).toContainEqual({
    path: '/api/funnel/event',
    body: { funnel_id: 'fn_demo', page_id: 'pg_islands', domain_name: 'shop.test', page_url: '/islands', fingerprint: fingerprint!.value, funnel_step_id: 'st_islands', event_type: 'page_view' },
  });
  expect(recorded.api).toContainEqual({
    path: '/api/session',
    body: { locationId: 'loc_demo', type: 'funnel', id: 'pg_islands', name: 'Islands demo', fingerprint: fingerprint!.value },
  });
  expect(await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue.map((call) => Array.from(call).join(':')))).toEqual(['init:123456789', 'track:PageView']);
  expect(recorded.external.some((url) => url.startsWith('https://connect.facebook.net/'))).toBe(true);
});

test('tracking: notrack sends nothing; an invalid fingerprint is replaced and reported', async ({ browser }) => {
  const quiet = await browser.newContext();
  const quietCalls = await serve(quiet);
  const quietPage = await quiet.newPage();
  await open(quietPage, '?notrack=1');
  await quietPage.waitForTimeout(500);
  expect(quietCalls.api).toEqual([]);
  expect((await quiet.cookies()).some((cookie) => cookie.name === 'fingerprint')).toBe(false);
  await quiet.close();

  const legacy = await browser.newContext();
  const calls = await serve(legacy);
  await legacy.addCookies([{ name: 'fingerprint', value: 'legacy-value', url: ORIGIN }]);
  const page = await legacy.newPage();
  await open(page);
  await expect.poll(() => calls.api.length).toBe(2);
  const event = calls.api.find((call) => call.path === '/api/funnel/event')!.body as Record<string, string>;
  expect(event.old_fingerprint).toBe('legacy-value');
  expect(event.fingerprint).not.toBe('legacy-value');
  await legacy.close();
});

test('funnel step links carry the query, show the spinner and navigate', async ({ context, page }) => {
  await serve(context);
  await open(page, '?utm_source=fb&aff=9');
  await expect(page.locator('#btn_next')).toHaveAttribute('href', '/next-step?aff=1&utm_source=fb');
  await expect(page.locator('link[rel="prefetch"]')).toHaveAttribute('href', '/next-step?utm_source=fb&aff=9');
  await page.locator('#btn_next').click();
  await page.waitForURL(`${ORIGIN}/next-step?aff=1&utm_source=fb`);
});

test('in-page actions: hide, scroll, sell, membership, unknown', async ({ context, page }) => {
  await serve(context);
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await open(page);
  await page.locator('#btn_hide').click();
  await expect(page.locator('#sec_offer')).toBeHidden();

  const sale = page.evaluate(
    () => new Promise<string>((resolve) => document.addEventListener('funnel:sell-product', (event) => resolve((event as CustomEvent).detail.productId), { once: true })),
  );
  await page.locator('#btn_sell').click();
  expect(await sale).toBe('prod_demo');
  await expect(page.locator('#btn_sell')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('#btn_sell')).toBeDisabled();
  expect(await page.locator('#btn_sell .ef-spinner').evaluate((spinner) => (spinner as HTMLElement).offsetWidth)).toBe(30);
  await page.locator('#btn_sell_empty').click();
  await expect(page.locator('#btn_sell_empty')).not.toHaveAttribute('aria-busy', 'true');

  let alertText = '';
  page.once('dialog', (alert) => {
    alertText = alert.message();
    void alert.dismiss();
  });
  await page.locator('#btn_member').click();
  await expect.poll(() => alertText).toBe('Sorry something went wrong.');

  await page.locator('#btn_unknown').click();
  expect(logs.some((line) => line.includes('Unknown button action') && line.includes('teleport'))).toBe(true);

  await page.locator('#btn_scroll').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test('go-to-membership opens the library with the stored token', async ({ context, page }) => {
  const recorded = await serve(context);
  await context.addCookies([{ name: 'membership_loc_demo', value: 'tok123', url: ORIGIN }]);
  await open(page);
  await page.locator('#btn_member').click();
  await expect.poll(() => recorded.external.find((url) => url.startsWith('https://members.test/'))).toBe('https://members.test/library?token=tok123&location_id=loc_demo');
});

test('popups: open as modal dialogs, trap focus, close by button, overlay and Escape', async ({ context, page }) => {
  await serve(context);
  await open(page);
  const popup = page.locator('[data-popup="popup_1"]');
  await page.locator('#btn_popup').click();
  await expect(popup).toBeVisible();
  await expect(popup.locator('[data-popup-dialog]')).toHaveAttribute('role', 'dialog');
  await expect(popup.locator('[data-popup-dialog]')).toHaveAttribute('aria-modal', 'true');
  await expect(page.locator('#popup_input')).toBeFocused();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(page.locator('#btn_popup')).toBeFocused();

  await page.locator('#btn_popup').click();
  await expect(popup).toHaveClass(/ef-popup--open/);
  await page.mouse.click(5, 5);
  await expect(popup).toBeHidden();

  const dialog = page.locator('dialog[data-popup-id="popup_2"]');
  await page.locator('#btn_dialog').click();
  await expect(dialog).toHaveJSProperty('open', true);
  await expect(page.locator('#dialog_input')).toBeFocused();
  await dialog.locator('.ef-popup-close').click();
  await expect(dialog).toHaveJSProperty('open', false);
});

test('exit intent opens the exit popup once', async ({ context, page }) => {
  await serve(context);
  await open(page);
  const leave = () => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
  await leave();
  const exit = page.locator('[data-popup="popup_exit"]');
  await expect(exit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exit).toBeHidden();
  await leave();
  await page.waitForTimeout(600);
  await expect(exit).toBeHidden();
});

test('timers: countdown with days, daily timer in German, evergreen cookie and revisit', async ({ context, page }) => {
  await serve(context);
  await open(page);
  await expect(page.locator('[data-timer="countdown"] [data-unit="days"] .ef-timer__value')).toHaveText('03');
  await expect(page.locator('[data-timer="day-timer"] [data-unit="days"]')).toBeHidden();
  await expect(page.locator('[data-timer="day-timer"] [data-unit="hours"] .ef-timer__value')).toHaveText(/^\d\d$/);
  await expect(page.locator('[data-timer="day-timer"]')).toContainText('Stunden');
  await expect(page.locator('[data-timer="minute-timer"] [data-unit="minutes"] .ef-timer__value')).toHaveText(/1[45]/);
  const cookie = (await context.cookies()).find((c) => c.name === 'mt_1');
  expect(Math.round(cookie!.expires - Date.now() / 1000)).toBeGreaterThan(2 * 86400 - 60);

  await open(page);
  await expect(page.locator('#mt_1')).toBeHidden();
  await expect(page.locator('#sec_back')).toBeVisible();
});

test('timers: an expired countdown hides itself and toggles elements, or redirects', async ({ context, page }) => {
  await serve(context);
  await open(page, '?countdown=-5');
  await expect(page.locator('#cd_1')).toBeHidden();
  await expect(page.locator('#sec_offer')).toBeHidden();
  await expect(page.locator('#sec_late')).toBeVisible();

  await open(page, '?countdown=2&redirect=islands.test/too-late');
  await expect(page.locator('[data-timer="countdown"] [data-unit="seconds"]')).toBeVisible();
  // The seller wrote no protocol: https:// is added.
  await page.waitForURL('https://islands.test/too-late', { timeout: 10_000 });
});

test('video: no player before play, a clear message when the host is unreachable, local embed plays', async ({ context, page }) => {
  const recorded = await serve(context);
  await open(page);
  await expect(page.locator('#vid_yt iframe')).toHaveCount(0);
  expect(recorded.external.some((url) => url.includes('youtube'))).toBe(false);
  await page.locator('#vid_yt .ef-video__poster').click();
  await expect(page.locator('#vid_yt .ef-video__error')).toHaveText('The video could not be loaded.');
  await page.locator('#vid_custom .ef-video__poster').click();
  await expect(page.locator('#vid_custom .ef-video')).toHaveAttribute('data-video-state', 'playing');
  await expect(page.locator('#vid_custom iframe')).toHaveCount(1);
});

test('video: autoplay in a popup after 3 s, stopped when the popup closes', async ({ context, page }) => {
  await serve(context);
  await open(page);
  await page.locator('#btn_popup').click();
  await expect(page.locator('#vid_popup .ef-video')).toHaveAttribute('data-video-state', 'playing', { timeout: 8000 });
  await page.keyboard.press('Escape');
  await expect(page.locator('#vid_popup .ef-video')).toHaveAttribute('data-video-state', 'poster');
  await expect(page.locator('#vid_popup iframe')).toHaveCount(0);
});

test('mobile flag and full-width video under 768 px', async ({ browser }) => {
  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await serve(mobile);
  const page = await mobile.newPage();
  await open(page);
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
  const width = await page.locator('#vid_yt .ef-video').evaluate((element) => element.getBoundingClientRect().width);
  const column = await page.locator('#sec_video').evaluate((element) => element.clientWidth - 32);
  expect(Math.abs(width - column)).toBeLessThan(2);
  await mobile.close();
});

test('what every page loads of the page runtime stays under 6 KB gzip; feature code is split off', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../src/client/page-runtime.ts', import.meta.url))],
    bundle: true,
    minify: true,
    splitting: true,
    outdir: '/runtime',
    write: false,
    metafile: true,
    format: 'esm',
    target: 'es2022',
    logLevel: 'silent',
  });
  const outputs = result.metafile!.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith('page-runtime.ts'))!;
  // The entry and its static imports load on every page; dynamic imports only with their feature.
  const always = new Set<string>();
  const visit = (path: string) => {
    if (always.has(path)) return;
    always.add(path);
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  const gzip = (path: string) => gzipSync(result.outputFiles.find((file) => file.path.endsWith(path.replace(/^.*\//, '/')))!.contents, { level: 9 }).length;
  const size = [...always].reduce((sum, path) => sum + gzip(path), 0);
  expect(size).toBeLessThan(6 * 1024);
  const lazy = Object.keys(outputs).filter((path) => !always.has(path)).map((path) => Object.keys(outputs[path]!.inputs).join(' '));
  for (const feature of ['popups.ts', 'sell-product.ts', 'nav-menu.ts', 'scroll-to.ts', 'membership-link.ts', 'pixel.ts']) {
    expect(lazy.some((inputs) => inputs.includes(`src/client/${feature}`)), feature).toBe(true);
  }
});
