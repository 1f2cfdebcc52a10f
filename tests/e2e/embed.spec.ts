/**
 * The widgets embedded the way a seller pastes them (docs/embed.md): a plain HTML page on
 * another origin (a local static server on a free port) with an iframe and embed.js. The
 * loader sizes the frame from the widget's height messages, relays the host page's campaign
 * to the widget without reloading its frame, re-dispatches booking-complete and close-window
 * on the iframe, and ignores messages from other origins.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { type HostPage, serveHostPage } from './support/host-page';
import { q, sql } from './forms-store';
import { holdScript } from './hold-script';
import { wakeWidget } from './support/wake';

const ORIGIN = `http://localhost:${E2E_PORT}`;

const sellerPage = (src: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Seller site</title></head>
<body><h1>Seller site</h1>
<iframe src="${ORIGIN}${src}"></iframe>
<script src="${ORIGIN}/widget/embed.js" async></script>
<script>
  window.received = [];
  for (const type of ['booking-complete', 'close-window']) {
    document.addEventListener(type, (e) => window.received.push({ type, tag: e.target.tagName, detail: e.detail }));
  }
</script>
</body></html>`;

let host: HostPage | undefined;
test.afterEach(async () => {
  await host?.close();
  host = undefined;
});

test('embed.js is a small, long-cached script', async ({ request }) => {
  const res = await request.get(`${ORIGIN}/widget/embed.js`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
  expect(res.headers()['cache-control']).toContain('max-age=86400');
});

test('the survey resizes its frame on another origin, and a submission stores a lead', async ({ page }) => {
  host = await serveHostPage(sellerPage('/widget/survey/survey_demo'));
  await page.goto(host.url);
  const iframe = page.locator('iframe');
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('survey-slide')).toBeVisible();
  // The loader styled and sized the bare iframe from the widget's height message: the
  // widget's own height over 500, else 560 (requirements WIDGET-LIMITS), so the frame never scrolls.
  await expect(iframe).toHaveAttribute('style', /height: \d+px/);
  const frameHeight = async () => (await iframe.boundingBox())?.height ?? 0;
  const widgetHeight = () => frame.locator('body').evaluate((b) => b.scrollHeight);
  const rule = (height: number) => (height > 500 ? height : 560);
  await expect.poll(async () => Math.round(await frameHeight()) - rule(await widgetHeight())).toBe(0);
  const before = await frameHeight();

  await frame.getByRole('radio', { name: 'Agency owner' }).click();
  await expect(frame.getByTestId('survey-slide')).toHaveAttribute('data-slide-id', 'slide_challenge');
  await frame.getByRole('checkbox', { name: 'Calls do not convert' }).check();
  await expect(frame.getByTestId('survey-next')).toBeEnabled();
  await frame.getByTestId('survey-next').click();
  // The contact slide and its error list make the widget taller; the frame follows.
  await frame.getByRole('button', { name: 'Submit answers' }).click();
  await expect(frame.getByTestId('survey-alert')).toBeVisible();
  await expect.poll(async () => Math.round(await frameHeight()) - rule(await widgetHeight())).toBe(0);
  expect(await frameHeight()).toBeGreaterThan(before);

  const email = `embedded-${Date.now()}@example.com`;
  await frame.getByLabel('First name').fill('Embed');
  await frame.getByLabel('Email').fill(email);
  await frame.getByRole('button', { name: 'Submit answers' }).click();
  await expect(frame.getByTestId('survey-end')).toBeVisible();
  const rows = sql(`SELECT s.id FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.ref_id = 'survey_demo' AND c.email = ${q(email)}`);
  expect(rows).toHaveLength(1);
});

test('the opt-in form resizes its frame on another origin, and a submission stores a lead', async ({ page }) => {
  host = await serveHostPage(sellerPage('/widget/form/form_optin?utm_source=partner-site'));
  await page.goto(host.url);
  const iframe = page.locator('iframe');
  const frame = page.frameLocator('iframe');
  await wakeWidget(frame);
  await expect(frame.locator('astro-island:not([ssr]) form.ef-form[data-form-state="idle"]')).toBeVisible();
  const frameHeight = async () => Math.round((await iframe.boundingBox())?.height ?? 0);
  const widgetHeight = () => frame.locator('body').evaluate((b) => b.scrollHeight);
  const rule = (height: number) => (height > 500 ? height : 560);
  await expect.poll(async () => (await frameHeight()) - rule(await widgetHeight())).toBe(0);

  const email = `embedded-form-${Date.now()}@example.com`;
  await frame.getByLabel('First name').fill('Framed');
  await frame.getByLabel('Email').fill(email);
  await frame.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(frame.locator('[data-form-state="done"]')).toHaveText('Check your inbox: the guide is on its way!');
  const [row] = sql(
    `SELECT s.data FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.kind = 'form' AND s.ref_id = 'form_optin' AND c.email = ${q(email)}`,
  );
  expect(JSON.parse(row?.data ?? '{}').values).toMatchObject({ first_name: 'Framed', utm_source: 'partner-site' });
});

const REFERRER = 'https://search.example/?q=coaching';

/** The campaign test's host page: reached from a search through an ad link, with a parameter of the host's own. */
async function campaignHost(page: Page) {
  host = await serveHostPage(sellerPage('/widget/form/form_optin'));
  const hostUrl = `${host.url}?utm_source=partner-news&utm_campaign=embed%2C%20spring&fbclid=IwAR9embed&private=secret`;
  // Every document the widget's frame loads: the loader passes the campaign without reloading it.
  const frameLoads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.url().startsWith(`${ORIGIN}/widget/`)) frameLoads.push(request.url());
  });
  return { hostUrl, frameLoads, open: (waitUntil: 'load' | 'domcontentloaded') => page.goto(hostUrl, { referer: REFERRER, waitUntil }) };
}

/** The lead of `email`: its submission's first and last touch (the host page's campaign), the contact's, and what the widget reported. */
function campaignLead(email: string, hostUrl: string) {
  const [row] = sql(
    `SELECT s.first_touch, s.last_touch, s.data, c.first_touch AS contact_touch FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE c.email = ${q(email)}`,
  );
  const touch = JSON.parse(row?.first_touch ?? '{}');
  expect(touch).toMatchObject({
    utm_source: 'partner-news',
    utm_campaign: 'embed, spring',
    fbclid: 'IwAR9embed',
    landing: hostUrl,
    referrer: REFERRER,
  });
  expect(JSON.parse(row?.last_touch ?? '{}')).toEqual(touch);
  expect(JSON.parse(row?.contact_touch ?? '{}')).toEqual(touch);
  // The widget reported the campaign, the host page and its referrer; nothing else of the host's query.
  const reported = new URLSearchParams(JSON.parse(row?.data ?? '{}').eventData.url_params);
  expect(Object.fromEntries(reported)).toEqual({
    utm_source: 'partner-news',
    utm_campaign: 'embed, spring',
    fbclid: 'IwAR9embed',
    ef_url: hostUrl,
    ef_referrer: REFERRER,
  });
}

test('a host page reached through a campaign passes it into the frame without reloading it, and the lead keeps it as its touch', async ({ page }) => {
  const { hostUrl, frameLoads, open } = await campaignHost(page);
  await open('load');
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute('data-ef-embed', '1');
  const frame = page.frameLocator('iframe');
  await wakeWidget(frame);
  await expect(frame.locator('astro-island:not([ssr]) form.ef-form[data-form-state="idle"]')).toBeVisible();
  const email = `embedded-campaign-${Date.now()}@example.com`;
  await frame.getByLabel('First name').fill('Campaign');
  await frame.getByLabel('Email').fill(email);
  await frame.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(frame.locator('[data-form-state="done"]')).toBeVisible();
  // The seller's iframe kept its URL and its document: loaded once, never re-pointed.
  await expect(iframe).toHaveAttribute('src', `${ORIGIN}/widget/form/form_optin`);
  expect(frameLoads).toEqual([`${ORIGIN}/widget/form/form_optin`]);
  campaignLead(email, hostUrl);
});

test('a visitor who fills the framed form before embed.js arrives keeps what was typed, and the lead still has the campaign', async ({ page }) => {
  const held = await holdScript(page, `${ORIGIN}/widget/embed.js`);
  const { hostUrl, frameLoads, open } = await campaignHost(page);
  // The host page's `load` waits for the held script, so only its document is awaited.
  await open('domcontentloaded');
  await held.requested;
  const iframe = page.locator('iframe');
  const frame = page.frameLocator('iframe');
  await wakeWidget(frame);
  await expect(frame.locator('astro-island:not([ssr]) form.ef-form[data-form-state="idle"]')).toBeVisible();
  const email = `embedded-early-${Date.now()}@example.com`;
  await frame.getByLabel('First name').fill('Early');
  await frame.getByLabel('Email').fill(email);
  expect(await iframe.getAttribute('data-ef-embed')).toBeNull();
  held.release();
  // The loader arrived and took the frame in hand; what the visitor typed is still there.
  await expect(iframe).toHaveAttribute('data-ef-embed', '1');
  await expect(frame.getByLabel('First name')).toHaveValue('Early');
  await expect(frame.getByLabel('Email')).toHaveValue(email);
  await frame.getByRole('button', { name: 'Send me the guide' }).click();
  await expect(frame.locator('[data-form-state="done"]')).toBeVisible();
  await expect(iframe).toHaveAttribute('src', `${ORIGIN}/widget/form/form_optin`);
  expect(frameLoads).toEqual([`${ORIGIN}/widget/form/form_optin`]);
  campaignLead(email, hostUrl);
});

test('booking-complete and close-window arrive as DOM events on the iframe; other origins are ignored', async ({ page }) => {
  host = await serveHostPage(sellerPage('/widget/survey/survey_demo'));
  await page.goto(host.url);
  await expect(page.locator('iframe[data-ef-embed]')).toBeAttached();
  const widget = page.frames().find((f) => f.url().startsWith(ORIGIN));
  if (!widget) throw new Error('widget frame missing');
  await widget.evaluate(() => {
    const tag = { source: 'edgefunnel-widget', version: 1 };
    parent.postMessage({ ...tag, type: 'booking-complete', fingerprint: 'fp_embed', calendarId: 'cal_discovery' }, '*');
    parent.postMessage({ ...tag, type: 'close-window' }, '*');
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
    .toEqual([
      { type: 'booking-complete', tag: 'IFRAME', detail: { fingerprint: 'fp_embed', calendarId: 'cal_discovery' } },
      { type: 'close-window', tag: 'IFRAME', detail: {} },
    ]);

  // The seller's own page posting the same message is not the widget's origin.
  await page.evaluate(() => {
    window.postMessage({ source: 'edgefunnel-widget', version: 1, type: 'close-window' }, '*');
    window.postMessage({ source: 'edgefunnel-widget', version: 1, type: 'height', height: 9999 }, '*');
  });
  // A message the widget posts afterwards arrives; the two before it were dropped.
  await widget.evaluate(() => parent.postMessage({ source: 'edgefunnel-widget', version: 1, type: 'close-window' }, '*'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received.length)).toBe(3);
  expect((await page.locator('iframe').boundingBox())?.height).toBeLessThan(9999);
});

test('a framed form whose action redirects tells the loader, which sends the seller page there', async ({ page }) => {
  const demo = JSON.parse(readFileSync(new URL('../../scripts/demo-data/forms/form_optin.json', import.meta.url), 'utf8'));
  host = await serveHostPage(sellerPage('/widget/form/form_embed_redirect'));
  const thanks = `${host.url}?thanks=1`;
  demo.id = 'form_embed_redirect';
  demo.form.formAction = { ...demo.form.formAction, actionType: '1', redirect_url: thanks };
  const put = await fetch(`${ORIGIN}/admin/v1/forms/form_embed_redirect`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  expect(put.ok).toBe(true);
  // What the seller page receives, kept in its session storage across the navigation.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    window.addEventListener('message', (event) => {
      const posted = JSON.parse(sessionStorage.getItem('posted') ?? '[]');
      sessionStorage.setItem('posted', JSON.stringify([...posted, event.data]));
    });
  });
  await page.goto(host.url);
  const frame = page.frameLocator('iframe');
  await wakeWidget(frame);
  await expect(frame.locator('astro-island:not([ssr]) form.ef-form[data-form-state="idle"]')).toBeVisible();
  await frame.getByLabel('First name').fill('Framed');
  await frame.getByLabel('Email').fill(`embedded-redirect-${Date.now()}@example.com`);
  await frame.getByRole('button', { name: 'Send me the guide' }).click();
  await page.waitForURL(thanks);
  const posted = await page.evaluate(() => JSON.parse(sessionStorage.getItem('posted') ?? '[]'));
  expect(posted).toContainEqual({ source: 'edgefunnel-widget', version: 1, type: 'redirect', url: thanks });
});
