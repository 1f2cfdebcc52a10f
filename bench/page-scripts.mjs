/**
 * The JavaScript a page really loads, measured in Debian's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium): every script response of the page's own origin until the network is
 * idle, static and dynamic imports alike, with no interaction, on a phone screen and on a
 * desktop one (islands hydrate when visible, so the first screen decides what loads). Then
 * the page is scrolled to the bottom, and then every island that waits for the visitor
 * (client:interact) is woken as a pointer over it would: what each adds is reported apart.
 * Sizes are of the bodies gzipped here, as the other bench figures.
 *
 * The browser is in the time zone the edge places the bench's requests in (`edgeZone`:
 * miniflare places every local request in Austin, Texas), as a visitor's browser mostly is:
 * a booking calendar is rendered in that zone and waits for the visitor. A page with one is
 * measured on a phone a second time from a browser in another zone (`otherZone`), where the
 * calendar wakes as soon as it shows to move to the browser's zone.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };

function total(bodies) {
  let raw = 0;
  let gzip = 0;
  for (const body of bodies.values()) {
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { files: bodies.size, raw, gzip };
}

async function scrollToBottom(page) {
  for (let i = 0; i < 40; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (done) break;
  }
  await page.waitForLoadState('networkidle');
}

/** The zone a page's booking calendar was rendered in (its island's `client:interact` value), or undefined. */
function renderedZone(html) {
  return html.match(/&quot;zone&quot;:&quot;([A-Za-z_+\-/0-9]+)&quot;/)?.[1];
}

/** The zone the edge places this machine's requests in, as a page with a booking calendar shows it (undefined: the browser keeps the machine's). */
export async function edgeZone(url) {
  return renderedZone(await (await fetch(url)).text());
}

async function measure(browser, url, origin, viewport, timezoneId) {
  const context = await browser.newContext({ viewport, timezoneId });
  const page = await context.newPage();
  const bodies = new Map();
  const pending = new Set();
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || !response.url().startsWith(origin) || bodies.has(response.url())) return;
    const read = response
      .body()
      .then((body) => bodies.set(response.url(), body))
      .catch(() => {})
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const onLoad = total(bodies);
  await scrollToBottom(page);
  await Promise.all(pending);
  const scrolled = total(bodies);
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[client="interact"]')) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const used = total(bodies);
  await context.close();
  return {
    ...onLoad,
    scrolled: { files: scrolled.files - onLoad.files, gzip: scrolled.gzip - onLoad.gzip },
    used: { files: used.files - scrolled.files, gzip: used.gzip - scrolled.gzip },
  };
}

/** For each URL: the scripts loaded without interaction on a phone and a desktop screen, and what scrolling adds. */
export async function loadedScripts(urls, origin, timezoneId) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    for (const url of urls) {
      const html = await (await fetch(url)).text();
      const zone = renderedZone(html);
      const elsewhere = zone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
      rows.push({
        url,
        islands: html.includes('<astro-island'),
        inline: [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0),
        phone: await measure(browser, url, origin, VIEWPORTS.phone, timezoneId),
        desktop: await measure(browser, url, origin, VIEWPORTS.desktop, timezoneId),
        otherZone: zone ? { zone: elsewhere, ...(await measure(browser, url, origin, VIEWPORTS.phone, elsewhere)) } : null,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
