/**
 * A publish shows at once on the live page (the KV copy is purged and the HTML copy is keyed
 * by version), and visitor-facing strings follow ?lang, then Accept-Language, else English.
 */
import { expect, request, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const HOST = `publish.localhost:${E2E_PORT}`;

function pageDoc(headline: string) {
  return {
    pageId: 'pg_pub',
    pageName: 'Publish check',
    locationId: 'loc_demo',
    pageMeta: { title: headline },
    elements: [
      { id: 'sec_pub', type: 'section', meta: 'section', tagName: 'c-section', child: ['row_pub'], class: [], styles: {}, extra: {} },
      { id: 'row_pub', type: 'row', meta: 'row', tagName: 'c-row', child: ['col_pub'], class: [], styles: {}, extra: {} },
      { id: 'col_pub', type: 'column', meta: 'column', tagName: 'c-column', child: ['h_pub'], class: [], styles: {}, extra: {} },
      { id: 'h_pub', type: 'element', meta: 'heading', tagName: 'c-heading', child: [], class: [], styles: {}, extra: { text: headline } },
    ],
    popups: [],
  };
}

test('a published change shows on the next page view', async ({ page }) => {
  const admin = await request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { authorization: `Bearer ${E2E_TOKEN}` } });
  const put = async (path: string, data: unknown) => expect((await admin.put(`/admin/v1${path}`, { data })).ok()).toBe(true);
  await put('/funnels/fn_pub', {
    id: 'fn_pub',
    locationId: 'loc_demo',
    name: 'Publish check',
    steps: [{ id: 'st_pub', name: 'Only', path: '/', pageId: 'pg_pub' }],
  });
  await put('/domains/publish.localhost', { host: 'publish.localhost', locationId: 'loc_demo', funnelId: 'fn_pub' });
  await put('/pages/pg_pub', pageDoc('First version'));
  expect((await admin.post('/admin/v1/pages/pg_pub/publish')).ok()).toBe(true);

  await page.goto(`http://${HOST}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First version');
  // A second view fills the edge copies (KV page data and the HTML cache).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First version');

  await put('/pages/pg_pub', pageDoc('Second version'));
  // A saved draft is not live until it is published.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First version');
  expect((await admin.post('/admin/v1/pages/pg_pub/publish')).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second version');
  await admin.dispose();
});

test.describe('language of the visitor-facing strings', () => {
  test('the lang query wins', async ({ page }) => {
    await page.goto(`${ORIGIN}/no-such-page?lang=de`);
    await expect(page.getByText('Diese Seite wurde nicht gefunden')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('Accept-Language is used when there is no query', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/no-such-page`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('error-title')).toHaveText('Cette page est introuvable');
    await context.close();
  });

  test('an unsupported language falls back to English', async ({ page }) => {
    await page.goto(`${ORIGIN}/no-such-page?lang=xx`);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});
