/*
 * The seller's fonts (src/client/font-gate.ts, src/client/font-cache.ts): a first view of a
 * published page paints in the metric-matched fallback at once and requests no font, then
 * fetches the page's font files when idle; the next view is set in the seller's fonts from
 * its first paint, out of the browser's cache, and nothing moves on either. A preview always
 * shows the fonts.
 */
import { type CDPSession, expect, test } from '@playwright/test';
import { FIXTURE, layoutShifts, paintSettled, previewUrlOf, watchLayoutShifts } from './fixture';
import { E2E_PORT } from './playwright.config';

const DEMO = `http://localhost:${E2E_PORT}`;

/** Font responses as Chromium reports them: the file name and whether the HTTP cache answered. */
function fontResponses(cdp: CDPSession): { file: string; cached: boolean }[] {
  const seen: { file: string; cached: boolean }[] = [];
  const fromMemory = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => fromMemory.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (!event.response.url.endsWith('.woff2')) return;
    seen.push({ file: event.response.url.split('/').pop() ?? '', cached: Boolean(event.response.fromDiskCache) || fromMemory.has(event.requestId) });
  });
  return seen;
}

/** The families Chromium drew a node's text with; a web font is marked with `*`. */
async function drawnWith(cdp: CDPSession, selector: string): Promise<string[]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? '*' : ''}`);
}

test('a first view paints in the fallback without fetching fonts, warms the cache when idle, and the next view is set in the fonts from the cache', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const fonts = fontResponses(cdp);
  await watchLayoutShifts(page);

  await page.goto(`${DEMO}/accelerator`, { waitUntil: 'load' });
  expect(fonts, 'no font before the page has loaded').toEqual([]);
  await expect(page.locator('#ef-fonts')).toHaveAttribute('media', 'not all');
  expect((await drawnWith(cdp, 'h1')).some((family) => family.endsWith('*'))).toBe(false);
  // Set in the metric-matched fallback (Arial sized to Montserrat's room), not in plain Arial.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((font) => font.family.endsWith(' Fallback') && font.status === 'loaded')
          .map((font) => `${font.family} ${font.weight}`)
          .sort(),
      ),
    )
    .toEqual(['Lato Fallback 400', 'Lato Fallback 700', 'Montserrat Fallback 700']);
  // When idle, the page's four files (Montserrat and Lato at 400 and 700) are fetched and remembered.
  await expect.poll(async () => (await page.evaluate(() => localStorage.getItem('ef:fonts') ?? '')).split(' ').length).toBe(4);
  expect(fonts.map((font) => font.file.replace(/\..*/, '')).sort()).toEqual([
    'lato-latin-400-normal',
    'lato-latin-700-normal',
    'montserrat-latin-400-normal',
    'montserrat-latin-700-normal',
  ]);

  fonts.length = 0;
  await page.goto(`${DEMO}/accelerator`, { waitUntil: 'load' });
  await expect(page.locator('#ef-fonts')).not.toHaveAttribute('media', /./);
  expect(fonts.length).toBeGreaterThan(0);
  expect(
    fonts.every((font) => font.cached),
    JSON.stringify(fonts),
  ).toBe(true);
  expect((await drawnWith(cdp, 'h1')).some((family) => family.startsWith('Montserrat'))).toBe(true);
  expect((await drawnWith(cdp, 'p')).some((family) => family === 'Lato*')).toBe(true);
  await paintSettled(page);
  expect(await layoutShifts(page)).toEqual([]);
});

test('a preview always shows the seller fonts', async ({ page }) => {
  await page.goto(`${FIXTURE}${await previewUrlOf('pg_fx_all')}`);
  await expect(page.locator('#ef-fonts')).not.toHaveAttribute('media', /./);
  await expect.poll(() => page.evaluate(() => [...document.fonts].some((font) => font.status === 'loaded' && !font.family.includes('Fallback')))).toBe(true);
});
