/**
 * Rows of issue 31 (docs/requirements.md, WIDGET-ROWS) that are not a keyboard walk: layout
 * at the narrowest screens, and the other seed rows the widgets now honour.
 */
import { expect, test } from '@playwright/test';

test('at 320 px form_all_fields never scrolls sideways (the native file input included)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/widget/form/form_all_fields');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await expect(page.locator('.ef-file-input')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
