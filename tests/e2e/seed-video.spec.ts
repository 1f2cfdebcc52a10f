/**
 * Issue 30's video rows (docs/requirements.md PAGE-DATA-6, PAGE-STATES-4): an `html` video whose
 * link is a video file plays in the browser's own <video> with its poster and controls (muted
 * when it autoplays); autoplay starts 3 s after load on a desktop, and 2 s after the page flags
 * a phone when that detection comes later. The video host is stood in at its network boundary.
 */
import { expect, type Page, test } from '@playwright/test';
import { FIXTURE } from './fixture';

async function open(page: Page, ready = true): Promise<void> {
  await page.route('https://videos.example/**', (route) => route.fulfill({ status: 200, contentType: 'video/mp4', body: '' }));
  await page.goto(`${FIXTURE}/second`);
  if (ready) await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
}

test('an html video whose link is a video file plays in a native <video> with poster and controls', async ({ page }) => {
  await open(page);
  const video = page.locator('#vid_file');
  await expect(video.locator('video')).toHaveCount(0);
  await video.scrollIntoViewIfNeeded();
  await expect(video.locator('astro-island')).toBeAttached();
  await video.locator('.ef-video__poster').click();
  const player = video.locator('video');
  await expect(player).toHaveAttribute('src', 'https://videos.example/launch.mp4');
  await expect(player).toHaveAttribute('poster', '/demo/video-thumbnail.svg');
  await expect(player).toHaveAttribute('controls', '');
  expect(await player.evaluate((v) => (v as HTMLVideoElement).muted)).toBe(false);
  await expect(video.locator('iframe')).toHaveCount(0);
});

/**
 * With the page's clock paused, runs it on in small steps until the autoplay video's island
 * has hydrated (its timers start then), so the steps after count from that moment.
 */
async function untilHydrated(page: Page): Promise<void> {
  const island = page.locator('#vid_file_auto astro-island');
  for (let step = 0; step < 200 && (await island.getAttribute('ssr')) !== null; step++) await page.clock.runFor(50);
  await expect(island).not.toHaveAttribute('ssr');
}

test('an autoplay video starts muted 3 s after it mounts on a desktop', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await open(page, false);
  const auto = page.locator('#vid_file_auto');
  await untilHydrated(page);
  await page.clock.runFor(2_800);
  await expect(auto.locator('video')).toHaveCount(0);
  await page.clock.runFor(400);
  await expect(auto.locator('video')).toHaveAttribute('src', 'https://videos.example/teaser.webm');
  expect(await auto.locator('video').evaluate((v) => (v as HTMLVideoElement).muted)).toBe(true);
});

test('on a phone detected after load, autoplay starts 2 s after the detection', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await open(page, false);
  const auto = page.locator('#vid_file_auto');
  await untilHydrated(page);
  await page.clock.runFor(1_500);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.locator('html[data-mobile]')).toBeAttached();
  // 3 s after it mounted has passed; the phone's 2 s have not.
  await page.clock.runFor(1_700);
  await expect(auto.locator('video')).toHaveCount(0);
  await page.clock.runFor(400);
  await expect(auto.locator('video')).toBeAttached();
});
