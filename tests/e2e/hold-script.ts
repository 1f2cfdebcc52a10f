/**
 * A slow connection, for tests of what a visitor does before a page's code has arrived: the
 * first request matching `url` waits until `release`; `requested` resolves when the page asks.
 */
import type { Page } from '@playwright/test';

export async function holdScript(page: Page, url: string | RegExp): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(url, async (route) => {
    asked();
    await arrived;
    await route.continue();
  });
  return { requested, release };
}
