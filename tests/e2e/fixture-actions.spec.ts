/*
 * Every button action of requirements PAGE-DATA on the rendered fixture page (tests/e2e/fixture-data),
 * clicked the way a visitor would: the renderer's markup and the page runtime together.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE, openFixture, previewUrlOf, standInForThirdParties } from './fixture';

test.beforeEach(async ({ context }) => {
  await standInForThirdParties(context);
});

test('next step and funnel step links carry the query string and navigate', async ({ page }) => {
  await openFixture(page, '/?utm_source=mail&aff=7');
  const next = page.locator('#btn_next a');
  await expect(next).toHaveAttribute('href', '/second?utm_source=mail&aff=7');
  await expect(page.locator('link[rel="prefetch"]')).toHaveAttribute('href', /^\/second/);
  await next.click();
  await page.waitForURL(`${FIXTURE}/second?utm_source=mail&aff=7`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second step');

  await openFixture(page, '/?utm_source=mail');
  await page.locator('#btn_step a').click();
  await page.waitForURL(`${FIXTURE}/third?utm_source=mail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Third step');

  // The menu's step item uses the same links.
  await openFixture(page, '/?x=1');
  await expect(page.locator('[data-menu-item="mi_step"] a')).toHaveAttribute('href', '/second?x=1');
});

test("in a preview, the next step link opens the next step's preview", async ({ page }) => {
  const second = await previewUrlOf('pg_fx_second');
  await page.goto(`${FIXTURE}${await previewUrlOf('pg_fx_all')}&utm_source=builder`);
  // The next step's own token, and the visitor's query without this page's token.
  await expect(page.locator('#btn_next a')).toHaveAttribute('href', `${second}&utm_source=builder`);
  await page.locator('#btn_next a').click();
  await page.waitForURL(`${FIXTURE}${second}&utm_source=builder`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second step');
});

test('a preview without its token is the not-found screen, as for an unknown page', async ({ page }) => {
  const token = new URL(await previewUrlOf('pg_fx_all'), FIXTURE).searchParams.get('preview_token');
  const second = new URL(await previewUrlOf('pg_fx_second'), FIXTURE).searchParams.get('preview_token');
  for (const path of ['/v2/preview/pg_fx_all', `/v2/preview/pg_fx_all?preview_token=${second}`, `/v2/preview/pg_fx_nope?preview_token=${token}`]) {
    const res = await page.goto(`${FIXTURE}${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.locator('body[data-page-id]'), path).toHaveCount(0);
  }
});

test('a step link shows the busy spinner while leaving', async ({ page }) => {
  await openFixture(page);
  // Keep the page from leaving (after the runtime's own click handler) so the busy state stays.
  await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
  await page.locator('#btn_next a').click();
  const link = page.locator('#btn_next a');
  await expect(link).toHaveAttribute('aria-busy', 'true');
  await expect(link).toHaveAttribute('aria-disabled', 'true');
  expect(await link.locator('.ef-spinner').evaluate((spinner) => (spinner as HTMLElement).offsetWidth)).toBe(30);
});

test('a url action opens the normalised link in a new tab', async ({ context, page }) => {
  await openFixture(page);
  const link = page.locator('#btn_url a');
  await expect(link).toHaveAttribute('href', 'https://example.com/offer');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe('https://example.com/offer');
  expect(page.url()).toBe(`${FIXTURE}/`);
  // An svg with a url action is a link too.
  await expect(page.getByRole('link', { name: 'Visit the blog' })).toHaveAttribute('href', 'https://example.com/blog');
});

test('openPopup: modal dialog, focus trapped, closed by Escape, the close button and the overlay', async ({ page }) => {
  await openFixture(page);
  const popup = page.locator('[data-popup="popup_1"]');
  await expect(popup).toBeHidden();
  const opener = page.locator('#btn_popup button');
  await opener.click();
  await expect(popup).toBeVisible();
  await expect(popup.locator('[data-popup-dialog][role="dialog"][aria-modal="true"]')).toBeVisible();
  // Its first heading names the dialog.
  await expect(popup.getByRole('dialog')).toHaveAccessibleName('Get the guide');
  await expect(popup.locator('#btn_in_popup a')).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(popup).toBeVisible();
  await popup.locator('[data-popup-close]').click();
  await expect(popup).toBeHidden();

  // The image's openPopup action, then a click on the dimmed overlay.
  await page.locator('#img_popup button').click();
  await expect(popup).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(popup).toBeHidden();

  // The menu item opens it too.
  await page.locator('[data-menu-item="mi_popup"] button').click();
  await expect(popup).toBeVisible();
});

test('the exit-intent popup opens once when the mouse leaves through the top', async ({ page }) => {
  await openFixture(page);
  const exit = page.locator('[data-popup="popup_exit"]');
  const leave = () => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
  await leave();
  await expect(exit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exit).toBeHidden();
  // A popup opens in the event's own task: a second opening would show as soon as the event is dispatched.
  await leave();
  await expect(exit).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/ef-popup-active/);
});

test('hide-element, scroll-to-element and none act in the page', async ({ page }) => {
  await openFixture(page);
  await expect(page.locator('#p_hideme')).toBeVisible();
  await page.locator('#btn_hide button').click();
  await expect(page.locator('#p_hideme')).toBeHidden();

  await page.locator('#btn_scroll a').click();
  await expect(page.locator('#sec_end')).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 0));
  const url = page.url();
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  // click() returns once a navigation it started has begun: none has.
  await page.locator('#btn_none button').click();
  expect(navigations).toEqual([]);
  expect(page.url()).toBe(url);
  await expect(page.locator('[data-popup]:not([hidden])')).toHaveCount(0);
});

test('sell-product shows the busy state and hands the product to the payment code', async ({ page }) => {
  await openFixture(page);
  // The button's state as the payment code receives the product: the sale then ends (no card
  // was paid with in this funnel) and releases it, so it is read at the hand-off.
  const sale = page.evaluate(
    () =>
      new Promise<{ productId: string; busy: string | null; disabled: boolean; spinner: boolean }>((resolve) =>
        document.addEventListener(
          'funnel:sell-product',
          (event) => {
            const button = (event as CustomEvent).detail.element as HTMLButtonElement;
            resolve({
              productId: (event as CustomEvent).detail.productId,
              busy: button.getAttribute('aria-busy'),
              disabled: button.disabled,
              spinner: button.querySelector('.ef-spinner') !== null,
            });
          },
          { once: true },
        ),
      ),
  );
  await page.locator('#btn_sell button').click();
  expect(await sale).toEqual({ productId: 'prod_swipe_file', busy: 'true', disabled: true, spinner: true });
});

test('click-to-call and click-to-sms link the phone number', async ({ page }) => {
  await openFixture(page);
  await expect(page.locator('#btn_call a')).toHaveAttribute('href', 'tel:+16175550142');
  await expect(page.locator('#btn_sms a')).toHaveAttribute('href', 'sms:+16175550142');
});

test('go-to-membership opens the library, with the stored token once there is one', async ({ context, page }) => {
  const visited = await standInForThirdParties(context);
  await openFixture(page);
  let alertText = '';
  page.on('dialog', (alert) => {
    alertText = alert.message();
    void alert.dismiss();
  });
  // A visitor who has not bought yet opens the library without a token (it asks them to sign in).
  await page.locator('#btn_member button').click();
  await page.waitForURL(/^https:\/\/members\.test\/library/);
  expect(new URL(visited.at(-1) ?? '').searchParams.has('token')).toBe(false);

  await context.addCookies([{ name: 'membership_loc_demo', value: 'tok_fixture', url: FIXTURE }]);
  await openFixture(page);
  await page.locator('#btn_member button').click();
  await page.waitForURL(/^https:\/\/members\.test\/library.*tok_fixture/);
  const url = new URL(visited.at(-1) ?? '');
  expect(url.searchParams.get('token')).toBe('tok_fixture');
  expect(url.searchParams.get('location_id')).toBe('loc_demo');
  expect(alertText).toBe('');
});
