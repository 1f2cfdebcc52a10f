/*
 * Pages as the seller made them, at a phone's 375 px and a desktop's 1280 px: the text
 * elements render at the sizes their styles give (the demo pages and the layout fixture,
 * checked against the page documents), no page is wider than the viewport on a phone, a
 * progress bar's text stays inside the bar, and a menu collapses to a toggle on a phone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config';

interface Doc {
  pageId: string;
  elements: { id: string; meta: string; styles?: Record<string, string> }[];
}

const root = new URL('../..', import.meta.url).pathname;
const readDocs = (folder: string): Doc[] => readdirSync(`${root}${folder}`).map((name) => JSON.parse(readFileSync(`${root}${folder}/${name}`, 'utf8')) as Doc);

/** Each page of the demo funnels and the layout fixture, by the URL it is served at. */
const PAGES: Record<string, string> = {
  pg_optin: 'localhost/',
  pg_sales: 'localhost/accelerator',
  pg_upsell: 'localhost/inner-circle',
  pg_thanks: 'localhost/welcome',
  pg_alp_sales: 'eu.localhost/',
  pg_alp_workshop: 'eu.localhost/zurich-workshop',
  pg_alp_tokyo: 'eu.localhost/tokyo-bake-along',
  pg_alp_thanks: 'eu.localhost/welcome',
  pg_edge_layout: 'layout.localhost/',
};
const docs = [...readDocs('scripts/demo-data/pages'), ...readDocs('tests/e2e/fixture-data/pages')].filter((doc) => PAGES[doc.pageId]);
const urlOf = (pageId: string) => {
  const [host, ...path] = (PAGES[pageId] ?? '').split('/');
  return `http://${host}:${E2E_PORT}/${path.join('/')}`;
};

/** The computed style of a text element's text: the h1-h6 or p the seller wrote inside, else the element itself. */
async function textStyle(page: Page, id: string) {
  return page.locator(`[id="${id}"]`).evaluate((element) => {
    const inner = element.querySelector(':scope > :is(h1, h2, h3, h4, h5, h6, p)') ?? element;
    const style = getComputedStyle(inner);
    return { fontSize: style.fontSize, fontWeight: style.fontWeight, lineHeight: style.lineHeight, fontFamily: style.fontFamily };
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("text renders at the size, weight and line height its element's styles give", async ({ page }) => {
      expect(docs).toHaveLength(Object.keys(PAGES).length);
      let checked = 0;
      for (const doc of docs) {
        const styled = doc.elements.filter((element) => ['heading', 'sub-heading', 'paragraph'].includes(element.meta) && element.styles?.fontSize);
        if (styled.length === 0) continue;
        await page.goto(urlOf(doc.pageId));
        for (const element of styled) {
          const styles = element.styles ?? {};
          const actual = await textStyle(page, element.id);
          expect(actual.fontSize, `${doc.pageId} #${element.id}`).toBe(styles.fontSize);
          if (styles.fontWeight) expect(actual.fontWeight, `${doc.pageId} #${element.id}`).toBe(styles.fontWeight);
          if (styles.lineHeight) expect(Number.parseFloat(actual.lineHeight) / Number.parseFloat(actual.fontSize)).toBeCloseTo(Number(styles.lineHeight), 2);
          if (styles.fontFamily) expect(actual.fontFamily).toContain(styles.fontFamily);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(10);
    });

    test('a heading without a size keeps the h1 default of the theme', async ({ page }) => {
      await page.goto(urlOf('pg_edge_layout'));
      expect((await textStyle(page, 'h_plain')).fontSize).toBe('32px');
    });

    test("a progress bar's text stays inside the bar", async ({ page }) => {
      await page.goto(urlOf('pg_edge_layout'));
      const [bar, text] = await Promise.all(['#pb_edge', '#pb_edge .ef-progress-text'].map((selector) => page.locator(selector).boundingBox()));
      expect(text!.x).toBeGreaterThanOrEqual(bar!.x);
      expect(text!.x + text!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 0.5);
      expect(text!.y + text!.height).toBeLessThanOrEqual(bar!.y + bar!.height + 0.5);
    });
  });
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no demo page is wider than the viewport', async ({ page }) => {
    for (const pageId of Object.keys(PAGES)) {
      await page.goto(urlOf(pageId));
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, pageId).toBeLessThanOrEqual(clientWidth);
    }
  });

  test('a menu collapses to a toggle that opens a full-width list, by mouse and keyboard', async ({ page }) => {
    await page.goto(urlOf('pg_edge_layout'));
    await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
    const toggle = page.getByRole('button', { name: 'Menu' });
    const items = page.locator('#nav_edge-items');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(items).toBeHidden();
    // The menu stays one line: brand and toggle (the 48 px logo sets its height).
    expect((await page.locator('#nav_edge').boundingBox())!.height).toBeLessThanOrEqual(50);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(items).toBeVisible();
    const nav = (await page.locator('#nav_edge').boundingBox())!;
    const list = (await items.boundingBox())!;
    expect(list.width).toBeGreaterThan(nav.width - 1);
    const sub = page.getByRole('link', { name: 'Book a free call with the team' });
    await expect(sub).toBeVisible();
    const subBox = (await sub.boundingBox())!;
    expect(subBox.x + subBox.width).toBeLessThanOrEqual(375);
    expect((await new AxeBuilder({ page }).include('#sec_nav').analyze()).violations).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(items).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Free guide' })).toBeFocused();
  });

  test('the demo page\'s "More" sub-menu opens on the screen', async ({ page }) => {
    await page.goto(urlOf('pg_optin'));
    await page.getByRole('button', { name: 'Menu' }).click();
    const link = page.getByRole('link', { name: 'Email us' });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the menu shows inline and a right-aligned sub-menu opens on the screen', async ({ page }) => {
    await page.goto(urlOf('pg_edge_layout'));
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await page.getByText('More', { exact: true }).hover();
    const link = page.getByRole('link', { name: 'Book a free call with the team' });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  });
});
