/*
 * Published pages without the page runtime's help, and what they send: the demo opt-in page
 * with JavaScript disabled, the page_view event (and nothing with ?notrack), and pages
 * without islands shipping no framework.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFixture, runtimeSettled } from './fixture';
import { E2E_PORT } from './playwright.config';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const optin = JSON.parse(readFileSync(new URL('../../scripts/demo-data/pages/pg_optin.json', import.meta.url), 'utf8')) as {
  elements: { id: string; meta: string; extra?: { text?: string } }[];
  popups: { child: string[] }[];
};

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the demo opt-in page shows all its content and its links work', async ({ page }) => {
    const res = await page.goto('/?utm_source=nojs');
    expect(res?.status()).toBe(200);
    const popupOnly = new Set(['h_popup', 'p_popup', 'btn_popup']);
    for (const element of optin.elements) {
      const value = element.extra?.text;
      if (!value || popupOnly.has(element.id) || !['heading', 'sub-heading', 'paragraph', 'bullet-list', 'button'].includes(element.meta)) continue;
      await expect(page.locator(`#${element.id}`), element.id).toContainText(text(value).slice(0, 40));
    }
    // A countdown shows its deadline as text (digits need the visitor's clock).
    await expect(page.locator('#cd_workshop .ef-timer__deadline')).toContainText(/^Ends /);
    await expect(page.locator('#cd_workshop [data-unit="seconds"]')).toBeHidden();
    // The video's thumbnail links to the video.
    await expect(page.locator('#vid_walkthrough .ef-video__poster')).toHaveAttribute('href', /youtube\.com/);
    // An anchor link, then a step link that carries the query.
    await page.getByRole('link', { name: 'Free guide', exact: true }).click();
    await expect(page).toHaveURL(/#sec_hero$/);
    await page.getByRole('link', { name: 'The Accelerator' }).click();
    await page.waitForURL('/accelerator?utm_source=nojs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('a page_view event reaches /api/funnel/event and the session is recorded; nothing is sent with ?notrack', async ({ page }) => {
  // Seen at the network boundary (a beacon's body is only readable there), then sent on.
  const bodies: Record<string, string>[] = [];
  await page.route('**/api/funnel/event', async (route) => {
    bodies.push(JSON.parse(route.request().postData() ?? 'null'));
    await route.continue();
  });
  const event = page.waitForRequest((req) => req.url().endsWith('/api/funnel/event') && req.method() === 'POST');
  const session = page.waitForResponse((res) => res.url().endsWith('/api/session'));
  await openFixture(page, '/second?utm_source=x');
  await event;
  // The session record of the visit is accepted too.
  expect((await session).status()).toBe(200);
  await expect.poll(() => bodies.length).toBe(1);
  const body = bodies[0]!;
  expect(body).toMatchObject({
    event_type: 'page_view',
    page_id: 'pg_fx_second',
    funnel_id: 'fn_fixture',
    funnel_step_id: 'st_fx_second',
    domain_name: 'fixture.localhost',
    page_url: '/second',
  });
  expect(body.fingerprint).toMatch(/^[0-9a-f-]{36}$/);

  const sent: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(funnel\/event|session)$/.test(new URL(req.url()).pathname)) sent.push(req.url());
  });
  await openFixture(page, '/third?notrack=1');
  await runtimeSettled(page);
  expect(sent).toEqual([]);
});

test('a page without islands loads no framework, only the page runtime', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await openFixture(page, '/third');
  await expect(page.locator('astro-island')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /react|client\.|jsx-runtime|timer|video/.test(path))).toEqual([]);

  // A page with a video loads React and the player only when the visitor reaches for it.
  scripts.length = 0;
  await openFixture(page, '/');
  await page.locator('#vid_yt').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /video-player/.test(path))).toEqual([]);
  await page.locator('#vid_yt .ef-video__poster').hover();
  await expect.poll(() => scripts.some((path) => /react|client\./.test(path))).toBe(true);
});

test('demo funnel: step links stay on the requested host, button wrappers paint nothing, no raw i18n keys', async ({ page }) => {
  for (const origin of [`http://localhost:${E2E_PORT}`, `http://demo.localhost:${E2E_PORT}`]) {
    await page.goto(`${origin}/inner-circle`);
    const hrefs = await page.locator('a[data-action="go-to-next-funnel-step"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/welcome/);
    const wrappers = await page.locator('.ef-button').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).backgroundColor));
    expect(new Set(wrappers)).toEqual(new Set(['rgba(0, 0, 0, 0)']));
  }
  await page.goto('/welcome');
  await expect(page.locator('[data-timer="day-timer"]')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/\btimer\.\w+/);
});
