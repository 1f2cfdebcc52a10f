/**
 * Issue 30's keyboard and focus rows on the demo funnel (docs/requirements.md PAGE-STATES-10
 * to -13): the desktop "More" sub-menu is a button a keyboard opens and closes, "Skip to
 * content" skips past the navigation, a scroll-to button takes focus with it, and a timer
 * that hides the focused buy button moves focus to what replaces it and announces it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const ready = (page: import('@playwright/test').Page) => expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();

test.use({ viewport: { width: 1280, height: 800 } });

test('the desktop "More" sub-menu opens and closes from the keyboard', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const more = page.getByRole('button', { name: 'More' });
  const call = page.getByRole('link', { name: 'Book a free call' });
  await page.getByRole('link', { name: 'The Accelerator' }).first().focus();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(call).toBeHidden();

  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(call).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Email us' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(call).toBeHidden();

  await page.keyboard.press('ArrowDown');
  await expect(call).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Space');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(call).toBeVisible();
  const results = await new AxeBuilder({ page }).include('nav').analyze();
  expect(results.violations).toEqual([]);
});

test('"Skip to content" lands past the navigation', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const inNav = await page.evaluate(() => document.activeElement?.closest('nav') !== null);
  expect(inNav).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
});

test('a scroll-to button moves focus to its target', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.locator('#btn_scroll_top').getByRole('link').click();
  await expect(page.locator('#sec_hero')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('sec_hero')?.contains(document.activeElement))).toBe(true);
});

test('when the timer hides the focused buy button, focus moves to what replaces it and the expiry is announced', async ({ page }) => {
  await page.clock.install();
  await page.goto('/inner-circle');
  await ready(page);
  const buy = page.getByRole('button', { name: /Yes! Add the Inner Circle/ });
  await buy.focus();
  await page.clock.fastForward('15:01');
  await expect(buy).toBeHidden();
  await expect(page.locator('#up_p_expired')).toBeFocused();
  await expect(page.locator('#up_p_expired')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This offer has expired' })).toBeAttached();
});
