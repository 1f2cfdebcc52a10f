/*
 * The demo's split test (issue 28): /accelerator is served as pg_sales (a) or its headline
 * variant pg_sales_b (b), assigned at the edge. Fresh visitors get both; a visitor keeps
 * theirs over reloads and on the following steps; the HTML that arrives is the variant's own
 * (no swap after load) and names the step's URL as canonical; `?ef_variant=` previews a
 * variant without a cookie; a widget framed with embed.js on a page in the test records the
 * page's variant.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { q, sql } from './forms-store';
import { E2E_PORT } from './playwright.config';
import { serveHostPage } from './support/host-page';
import { wakeWidget } from './support/wake';

const HEADLINES: Record<string, string> = { a: 'The 90-Day Client Accelerator', b: 'Fill your calendar in 90 days' };
const COOKIE = 'ef_x_exp_accelerator_headline';

/** The variant the page shows, by its headline. */
async function shownVariant(page: Page): Promise<string> {
  const headline = (await page.locator('h1').first().textContent())?.trim() ?? '';
  const variant = Object.keys(HEADLINES).find((id) => HEADLINES[id] === headline);
  if (!variant) throw new Error(`unknown headline ${headline}`);
  return variant;
}

const variantCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === COOKIE)?.value;

test('fresh visitors are split between both variants, each told by a cookie which one they saw', async ({ browser }) => {
  const seen = new Set<string>();
  for (let visitor = 0; visitor < 30 && seen.size < 2; visitor++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto('/accelerator'))?.status()).toBe(200);
    const variant = await shownVariant(page);
    expect(await variantCookie(context)).toBe(variant);
    seen.add(variant);
    await context.close();
  }
  expect([...seen].sort()).toEqual(['a', 'b']);
});

test('a visitor keeps their variant over reloads and on the following steps', async ({ page, context }) => {
  await page.goto('/accelerator');
  const variant = await shownVariant(page);
  for (let view = 0; view < 3; view++) {
    await page.reload();
    expect(await shownVariant(page)).toBe(variant);
  }
  // The next step's request carries the variant (what its opt-ins and orders are tagged with).
  const next = page.waitForRequest((request) => new URL(request.url()).pathname === '/inner-circle');
  await page.goto('/inner-circle');
  expect(await (await next).headerValue('cookie')).toContain(`${COOKIE}=${variant}`);
  await page.goto('/accelerator');
  expect(await shownVariant(page)).toBe(variant);
  expect(await variantCookie(context)).toBe(variant);
});

for (const variant of ['a', 'b']) {
  test(`the HTML that arrives is variant ${variant}'s own, names the step as canonical and carries no test details`, async ({ page, context }) => {
    // A visitor the edge put in this variant (the cookie it set keeps them there).
    await context.addCookies([{ name: COOKIE, value: variant, url: 'http://localhost/' }]);
    await page.goto('/accelerator');
    expect(await shownVariant(page)).toBe(variant);
    const html = await (await context.request.get('/accelerator')).text();
    // The headline in the HTML is the variant's (the page title is the same in both).
    expect([...html.matchAll(/<h1>([^<]*)<\/h1>/g)].map((match) => match[1])).toEqual([HEADLINES[variant]]);
    expect(html).not.toMatch(/salt_|exp_accelerator_headline/);
    // One canonical link, naming the step's own path (on the funnel's primary domain).
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)">/g)].map((match) => match[1] ?? '');
    expect(canonicals).toHaveLength(1);
    expect(new URL(canonicals[0] ?? '').pathname).toBe('/accelerator');
    // After the page runtime has started, the headline is still the one the HTML had.
    await page.reload();
    await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
    expect(await shownVariant(page)).toBe(variant);
  });
}

test('?ef_variant= previews a variant for the seller, without a cookie', async ({ browser }) => {
  for (const variant of ['b', 'a']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/accelerator?ef_variant=${variant}`);
    expect(await shownVariant(page)).toBe(variant);
    expect(await variantCookie(context)).toBeUndefined();
    await context.close();
  }
});

test('axe finds no violations on the variant page', async ({ page }) => {
  await page.goto('/accelerator?ef_variant=b');
  expect(await shownVariant(page)).toBe('b');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a widget framed with embed.js records the variant of the page around it', async ({ page, context }) => {
  const host = await serveHostPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Seller site</title></head>
<body><h1>Seller site</h1>
<iframe src="http://localhost:${E2E_PORT}/widget/form/form_optin"></iframe>
<script src="http://localhost:${E2E_PORT}/widget/embed.js" async></script>
</body></html>`);
  try {
    // The page around the frame is in the test's variant b (the cookie the edge set on it).
    await context.addCookies([{ name: COOKIE, value: 'b', url: host.url }]);
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await wakeWidget(frame);
    await expect(frame.locator('astro-island:not([ssr]) form.ef-form[data-form-state="idle"]')).toBeVisible();
    const email = `split-embed-${Date.now()}@example.com`;
    await frame.getByLabel('First name').fill('Framed');
    await frame.getByLabel('Email').fill(email);
    await frame.getByRole('button', { name: 'Send me the guide' }).click();
    await expect(frame.locator('[data-form-state="done"]')).toBeVisible();
    const [row] = sql(
      `SELECT s.experiment_id, s.variant_id FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.ref_id = 'form_optin' AND c.email = ${q(email)}`,
    );
    expect(row).toEqual({ experiment_id: 'exp_accelerator_headline', variant_id: 'b' });
  } finally {
    await host.close();
  }
});
