/*
 * Ad traffic and the edge HTML copy (issue 27): a visit whose query holds only campaign and
 * ad-click parameters is answered from the copy like any other, its attribution cookies
 * carry its own campaign, its step links carry it in the browser, and no copy holds another
 * visitor's campaign. A query that may change the page is still rendered.
 */
import { expect, type Browser, test } from '@playwright/test';
import { decodeTouch, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE } from '../../src/lib/attribution';
import { FIXTURE, openFixture, standInForThirdParties } from './fixture';

/** Opens `path` as a new visitor (no cookies); the answer, the page and its context. */
async function visit(browser: Browser, path: string) {
  const context = await browser.newContext();
  await standInForThirdParties(context);
  const page = await context.newPage();
  const response = await page.goto(`${FIXTURE}${path}`);
  expect(response?.status()).toBe(200);
  return { response, page, context };
}

test('an ad visit is an edge hit whose cookies and step links carry its own campaign', async ({ browser }) => {
  // Someone's ad click: rendered (or answered from the copy other specs left), storing the copy.
  const first = await browser.newContext();
  await standInForThirdParties(first);
  await openFixture(await first.newPage(), '/?utm_source=first-visitor&gclid=CjFirstVisitor');
  await first.close();

  // Another visitor from another ad, once the copy is stored.
  const ad = '/?utm_source=newsletter&utm_campaign=spring&gclid=Cj0second&fbclid=IwAR2&msclkid=ms9&utm_id=77';
  let answer = await visit(browser, ad);
  await expect
    .poll(async () => {
      if (answer.response?.headers()['x-edge-cache'] === 'hit') return 'hit';
      await answer.context.close();
      answer = await visit(browser, ad);
      return answer.response?.headers()['x-edge-cache'] ?? 'rendered';
    })
    .toBe('hit');
  const { response, page, context } = answer;
  // The copy is everyone's: no other visitor's campaign is in it. This visitor's own is carried
  // into the step links as the answer streams out, so it holds without JavaScript too.
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('first-visitor');
  expect(html).toContain(`data-action="go-to-next-funnel-step" href="/second?${ad.slice(2)}"`);

  // The cookies are this visitor's, set at the edge after the cache read.
  const cookies = await context.cookies();
  const touch = (name: string) => decodeTouch(cookies.find((cookie) => cookie.name === name)?.value);
  for (const name of [FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE]) {
    expect(touch(name), name).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'Cj0second', fbclid: 'IwAR2', msclkid: 'ms9' });
    expect(touch(name)?.landing, name).toBe(`${FIXTURE}${ad}`);
  }
  expect(response?.headers()['cache-control']).toContain('private');

  // The page runtime carries the visitor's query to the next step.
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  await expect(page.locator('#btn_next a')).toHaveAttribute('href', `/second?${ad.slice(2)}`);
  await context.close();
});

test('a query that may change the page is rendered, not answered from the copy', async ({ browser }) => {
  for (const path of ['/?utm_source=mail&aff=7', '/?notrack=1&utm_source=mail', '/?lang=it&lang=de']) {
    const { response, context } = await visit(browser, path);
    expect(response?.headers()['x-edge-cache'], path).toBeUndefined();
    await context.close();
  }
});
