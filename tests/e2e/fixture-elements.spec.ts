/*
 * What a visitor sees of every element type on the fixture page (tests/e2e/fixture-data):
 * text elements, media, the widgets' containers, sticky sections, device visibility at
 * 375 px and 1280 px, and the video island (thumbnail, player on click, failure message).
 */
import { expect, test } from '@playwright/test';
import { openFixture, standInForThirdParties } from './fixture';

test.beforeEach(async ({ context }) => {
  await standInForThirdParties(context);
});

test('every element type renders what the seller set', async ({ page }) => {
  await openFixture(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every element on one page');
  await expect(page.locator('#sh_main h2')).toHaveText('Sub-heading of the fixture');
  await expect(page.locator('#p_intro a')).toHaveAttribute('href', 'https://example.com/terms');
  await expect(page.locator('#bl_main li')).toHaveText(['First point', 'Second point']);
  await expect(page.locator('#div_main')).toBeVisible();
  await expect(page.locator('#pb_main')).toContainText('68% done');
  await expect(page.locator('#if_main img')).toHaveAttribute('alt', 'Swipe file cover');
  await expect(page.locator('#if_main')).toContainText('Feature headline');
  await expect(page.locator('#map_main a')).toHaveAttribute('href', /google\.com\/maps\/search\/.*Boston%20Common/);
  await expect(page.locator('#code_out')).toHaveAttribute('data-ran', 'yes');
  await expect(page.locator('#img_popup img')).toHaveAttribute('alt', 'Open the guide');
  await expect(page.locator('#svg_link svg')).toBeVisible();
  for (const id of ['form_main', 'survey_main', 'cal_main', 'order1_main', 'order2_main']) await expect(page.locator(`#${id}`)).toBeAttached();
  // The daily timer renders its units in the seller's language, without days.
  const dayTimer = page.locator('#dt_main [data-timer="day-timer"]');
  await expect(dayTimer).toContainText('Stunden');
  await expect(dayTimer.locator('[data-unit="days"]')).toBeHidden();
  await expect(page.locator('body')).not.toContainText('timer.');
  // The navigation menu: a url item, a step item and an action item.
  await expect(page.locator('[data-menu-item="mi_url"] a')).toHaveAttribute('href', 'https://example.com/blog');
});

test('sticky sections stay at the top and the bottom while scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openFixture(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const top = await page.locator('#sec_top').boundingBox();
  const bar = await page.locator('#sec_bar').boundingBox();
  expect(Math.round(top!.y)).toBe(0);
  expect(Math.round(bar!.y + bar!.height)).toBe(720);
});

test('hideMobile and hideDesktop at 1280 px and 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFixture(page);
  await expect(page.locator('#p_desktop_only')).toBeVisible();
  await expect(page.locator('#p_mobile_only')).toBeHidden();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.locator('#p_desktop_only')).toBeHidden();
  await expect(page.locator('#p_mobile_only')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
});

test('video: the thumbnail until play, then the player; a clear message when it cannot load', async ({ page }) => {
  await openFixture(page);
  const youtube = page.locator('#vid_yt');
  await expect(youtube.locator('.ef-video__poster img')).toHaveAttribute('src', /swipe-file\.svg/);
  await expect(youtube.locator('.ef-video__player')).toHaveCount(0);
  // Until the visitor reaches for it (client:interact) the thumbnail is a plain link to the
  // video; the first click loads the player's code and plays in place.
  await youtube.scrollIntoViewIfNeeded();
  await expect(youtube.locator('astro-island[ssr]')).toBeAttached();
  await youtube.locator('.ef-video__poster').click();
  await expect(youtube.locator('iframe.ef-video__player')).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ/);
  await expect(youtube.locator('.ef-video')).toHaveAttribute('data-video-state', 'playing');

  const vimeo = page.locator('#vid_vimeo');
  await vimeo.scrollIntoViewIfNeeded();
  await vimeo.locator('.ef-video__poster').click();
  await expect(vimeo.locator('.ef-video[data-video-state="failed"] .ef-video__error')).toHaveText('The video could not be loaded.');
});
