/**
 * A form or survey page's island hydrates at the visitor's first use (`client:interact`,
 * src/client/interact-directive.ts): nothing of React loads until then. `wakeWidget` is the
 * visitor reaching for the widget with the pointer, and resolves once React has the island.
 */
import { expect, type FrameLocator, type Page } from '@playwright/test';

export async function wakeWidget(scope: Page | FrameLocator): Promise<void> {
  const island = scope.locator('astro-island').first();
  await island.locator(':scope > *').first().hover();
  await expect(island).not.toHaveAttribute('ssr');
}

/** The same with the keyboard alone: the first Tab lands in the widget (focus wakes it). */
export async function tabIntoWidget(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr');
}
