/**
 * Split tests at the edge (issue 28): the test reaches only the edge's own get_page calls,
 * fresh visitors are split, a visitor keeps their variant, robots, previews and notrack are
 * left out, a stopped test serves the control and a won one its winner, a variant whose page
 * is gone is served as the control. The HTML copies are stored the way the page render stores
 * them (a render needs the Astro build: tests/e2e/split-test.spec.ts covers that path).
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../src/lib/i18n/languages';
import { createApiClient } from '../../src/platform/client';
import type { Bindings } from '../../src/platform/env';
import { edgeCallToken, EDGE_TOKEN_HEADER } from '../../src/platform/services/experiment-serving';
import { assignVariant, routeExperimentOf, variantPageData } from '../../src/serving/experiment';
import { fetchPageData } from '../../src/serving/get-page';
import { edgeCache, htmlCacheKey, storeHtml } from '../../src/serving/html-cache';
import { loadPublishedPage } from '../../src/serving/page-cache';
import { admin, page, put } from './admin-support';
import { BROWSER_UA, edgeRequest, getPage, SPLIT_HOST, seedSplitFunnel, splitTest } from './split-fixtures';

const bindings = env as unknown as Bindings;
const URL_ROOT = `https://${SPLIT_HOST}/`;

/** Loads the step through the page cache as the render does, and stores an HTML copy of each variant under the render's key. */
async function renderCopies(): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const token = await edgeCallToken(bindings);
  const loaded = await loadPublishedPage({
    kv: bindings.PAGE_CACHE,
    host: SPLIT_HOST,
    path: '/',
    now: Date.now(),
    fetchPage: () => fetchPageData(createApiClient(bindings), { domain_name: SPLIT_HOST, page_url: '/' }, token),
    waitUntil: (promise) => pending.push(promise),
    log: () => undefined,
  });
  await Promise.all(pending);
  if (!loaded.ok) throw new Error(loaded.msg);
  const lang = resolveLanguage({});
  const experiment = routeExperimentOf(loaded.data);
  for (const variant of [null, ...(experiment?.variants.filter((v) => v.pageId !== experiment.controlPageId && v.servable) ?? [])]) {
    const data = variantPageData(loaded.data, variant) as { pageId: string };
    const key = htmlCacheKey(SPLIT_HOST, '/', { version: loaded.version, lang, split: variant?.id ?? '' });
    await storeHtml(edgeCache(), key, new Response(`<h1>${data.pageId}</h1>`, { headers: { 'content-type': 'text/html', 'set-cookie': 'leak=1' } }));
  }
}

const cookiesOf = (response: Response | undefined) => response?.headers.getSetCookie() ?? [];
const shownPage = async (response: Response | undefined) => (await response?.text())?.replace(/<\/?h1>/g, '');

beforeAll(async () => {
  await seedSplitFunnel();
  await renderCopies();
});

describe('the test reaches the edge only', () => {
  it('leaves it out of the public get_page answer, and out of an answer to a wrong token', async () => {
    expect(await getPage('/')).not.toHaveProperty('experiment');
    expect(await getPage('/', { [EDGE_TOKEN_HEADER]: 'not-the-token' })).not.toHaveProperty('experiment');
  });

  it("gives the edge's call the salt and each variant's page, rendered as the step", async () => {
    const data = await getPage('/', { [EDGE_TOKEN_HEADER]: await edgeCallToken(bindings) });
    const experiment = data.experiment as { salt: string; status: string; variants: { id: string; servable: boolean; data?: Record<string, unknown> }[] };
    expect(experiment).toMatchObject({ id: 'exp_1', status: 'running', controlPageId: 'fn_a_p1' });
    expect(experiment.salt).toMatch(/^salt_/);
    const b = experiment.variants.find((variant) => variant.id === 'b');
    expect(b).toMatchObject({ pageId: 'pg_b', servable: true, data: { pageId: 'pg_b', stepId: 'fn_a_s1', funnelId: 'fn_a', pageName: 'Variant B headline' } });
    expect(b?.data?.funnelSteps).toEqual(data.funnelSteps);
    // What a page is rendered from never holds the test.
    expect(variantPageData(data, null)).not.toHaveProperty('experiment');
  });
});

describe('assignment at the edge', () => {
  it('splits fresh visitors between both variants, with a fingerprint and a variant cookie and the HTML of their variant', async () => {
    const seen = new Map<string, number>();
    for (let k = 0; k < 40; k++) {
      const response = await edgeRequest(bindings, URL_ROOT);
      expect(response?.status).toBe(200);
      const cookies = cookiesOf(response);
      expect(cookies.some((cookie) => /^fingerprint=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/.test(cookie))).toBe(true);
      const variant = cookies.find((cookie) => cookie.startsWith('ef_x_exp_1='))?.split(/[=;]/)[1];
      const shown = await shownPage(response);
      expect(shown).toBe(variant === 'b' ? 'pg_b' : 'fn_a_p1');
      expect(response?.headers.get('cache-control')).toContain('private');
      seen.set(shown ?? '', (seen.get(shown ?? '') ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['fn_a_p1', 'pg_b']);
  });

  it('never stores a cookie with a copy', async () => {
    const route = JSON.parse((await bindings.PAGE_CACHE.get(`route:${SPLIT_HOST}/`)) ?? '{}') as { version: string };
    const copy = await edgeCache().match(htmlCacheKey(SPLIT_HOST, '/', { version: route.version, lang: resolveLanguage({}), split: 'b' }));
    expect(copy?.headers.get('set-cookie')).toBeNull();
  });

  it('keeps a visitor on their variant over views, with no new cookie, and after the seller changes the weights', async () => {
    const first = await edgeRequest(bindings, URL_ROOT);
    const cookie = cookiesOf(first)
      .map((c) => c.split(';')[0])
      .join('; ');
    const shown = await shownPage(first);
    for (let k = 0; k < 5; k++) {
      const again = await edgeRequest(bindings, URL_ROOT, { cookie });
      expect(await shownPage(again)).toBe(shown);
      expect(cookiesOf(again)).toEqual([]);
    }
    // The seller gives the control 99 %: nobody already in b leaves it.
    await put(
      '/experiments/exp_1',
      splitTest({
        variants: [
          { id: 'control', pageId: 'fn_a_p1', weight: 99 },
          { id: 'b', pageId: 'pg_b', weight: 1 },
        ],
      }),
    );
    await renderCopies();
    expect(await shownPage(await edgeRequest(bindings, URL_ROOT, { cookie: 'fingerprint=0b8f3c1e-5d2a-4c7b-9e6f-1a2b3c4d5e6f; ef_x_exp_1=b' }))).toBe('pg_b');
    expect(await shownPage(await edgeRequest(bindings, URL_ROOT, { cookie }))).toBe(shown);
    await put('/experiments/exp_1', splitTest());
    await renderCopies();
  });

  it('shows robots and page-speed tools the control, without cookies', async () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 Chrome/120 Safari/537.36 Chrome-Lighthouse',
      '',
    ]) {
      const response = await edgeRequest(bindings, URL_ROOT, { 'user-agent': ua, cookie: 'ef_x_exp_1=b' });
      expect(await shownPage(response), ua).toBe('fn_a_p1');
      expect(cookiesOf(response)).toEqual([]);
    }
  });

  it('previews a variant with ?ef_variant and serves notrack views their page, neither counted nor given a cookie', async () => {
    const experiment = routeExperimentOf(await getPage('/', { [EDGE_TOKEN_HEADER]: await edgeCallToken(bindings) }));
    const preview = await assignVariant(experiment, { url: new URL(`${URL_ROOT}?ef_variant=b`), cookie: null, userAgent: BROWSER_UA, notrack: false });
    expect(preview).toMatchObject({ variantId: 'b', pageId: 'pg_b', counted: false, cookies: [] });
    // The page's edge copy does not answer a preview: its query is not kept (the render shows the variant).
    expect(await edgeRequest(bindings, `${URL_ROOT}?ef_variant=b`)).toBeUndefined();
    const notrack = await assignVariant(experiment, { url: new URL(`${URL_ROOT}?notrack=1`), cookie: 'ef_x_exp_1=b', userAgent: BROWSER_UA, notrack: true });
    expect(notrack).toMatchObject({ variantId: 'b', pageId: 'pg_b', counted: false, cookies: [] });
    const counted = await assignVariant(experiment, { url: new URL(URL_ROOT), cookie: 'ef_x_exp_1=b', userAgent: BROWSER_UA, notrack: false });
    expect(counted).toMatchObject({ experimentId: 'exp_1', variantId: 'b', pageId: 'pg_b', counted: true });
  });
});

describe('stopping, choosing a winner, losing a variant page', () => {
  it('serves the control to everyone once stopped, and the winner once chosen, without cookies', async () => {
    await put('/experiments/exp_1', splitTest({ status: 'stopped' }));
    await renderCopies();
    for (const cookie of ['ef_x_exp_1=b', '']) {
      const response = await edgeRequest(bindings, URL_ROOT, { cookie });
      expect(await shownPage(response)).toBe('fn_a_p1');
      expect(cookiesOf(response)).toEqual([]);
    }
    await put('/experiments/exp_1', splitTest({ status: 'winner', winnerVariantId: 'b' }));
    await renderCopies();
    for (const cookie of ['ef_x_exp_1=control', '']) {
      const response = await edgeRequest(bindings, URL_ROOT, { cookie });
      expect(await shownPage(response)).toBe('pg_b');
      expect(cookiesOf(response)).toEqual([]);
    }
    await put('/experiments/exp_1', splitTest());
  });

  it('serves a variant whose page was never published, or deleted, as the control, uncounted and without its cookie, and reports it', async () => {
    // The admin API refuses to delete a page a test names; a row removed from the database directly is the deleted case.
    expect((await admin('DELETE', '/pages/pg_b')).status).toBe(409);
    await put('/pages/pg_c', { ...page('pg_c', 'loc_a', 'Never published'), funnelId: 'fn_a' });
    const three = [
      { id: 'control', pageId: 'fn_a_p1', weight: 1 },
      { id: 'b', pageId: 'pg_b', weight: 1 },
      { id: 'c', pageId: 'pg_c', weight: 1 },
    ];
    await put('/experiments/exp_1', splitTest({ variants: three }));
    await env.DB.prepare("DELETE FROM pages WHERE id = 'pg_b'").run();
    await admin('POST', '/pages/fn_a_p1/publish');
    await renderCopies();
    const experiment = routeExperimentOf(await getPage('/', { [EDGE_TOKEN_HEADER]: await edgeCallToken(bindings) }));
    expect(experiment?.variants.map((variant) => [variant.id, variant.servable])).toEqual([
      ['control', true],
      ['b', false],
      ['c', false],
    ]);
    for (const gone of ['b', 'c']) {
      const assigned = await assignVariant(experiment, { url: new URL(URL_ROOT), cookie: `ef_x_exp_1=${gone}`, userAgent: BROWSER_UA, notrack: false });
      expect(assigned).toMatchObject({ variantId: 'control', pageId: 'fn_a_p1', counted: false, cookies: [] });
    }
    for (let k = 0; k < 12; k++) {
      const response = await edgeRequest(bindings, URL_ROOT);
      expect(response?.status).toBe(200);
      expect(await shownPage(response)).toBe('fn_a_p1');
      expect(cookiesOf(response).some((cookie) => /^ef_x_exp_1=[bc];/.test(cookie))).toBe(false);
    }
    const report = [
      { experimentId: 'exp_1', variantId: 'b', pageId: 'pg_b' },
      { experimentId: 'exp_1', variantId: 'c', pageId: 'pg_c' },
    ];
    expect(((await (await admin('GET', '/status')).json()) as { unservableVariants: unknown }).unservableVariants).toEqual(report);
    expect(((await (await admin('GET', '/experiments/exp_1')).json()) as { unservableVariants: unknown }).unservableVariants).toEqual(report);
  });
});
