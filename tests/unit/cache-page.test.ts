import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { answerFromEdge, cacheableQuery, htmlCacheKey, storeHtml } from '../../src/serving/html-cache';
import {
  contentOf,
  FRESH_MS,
  freshMsOf,
  loadPublishedPage,
  type PageFetch,
  pageCacheKey,
  pageIdCacheKey,
  purgePageCache,
  routeCacheKey,
  versionOf,
} from '../../src/serving/page-cache';
import { isReservedPath, readPageRequest } from '../../src/serving/page-request';

const kv = (env as unknown as { PAGE_CACHE: KVNamespace }).PAGE_CACHE;

function loader(answers: PageFetch[], now: number, log: string[] = []) {
  let calls = 0;
  const pending: Promise<unknown>[] = [];
  const load = () =>
    loadPublishedPage({
      kv,
      host: 'shop.test',
      path: '/optin',
      now,
      fetchPage: async () => answers[calls++] ?? { ok: false, status: 503, msg: 'down' },
      waitUntil: (p) => pending.push(p),
      log: (event) => log.push(event),
    });
  return { load, calls: () => calls, settle: () => Promise.all(pending) };
}

describe('page cache freshness setting (PAGE_FRESH_SECONDS)', () => {
  it('is 30 s unless a deployment sets a number of seconds, 0 included', () => {
    expect([undefined, '', ' ', 'soon', '-5'].map(freshMsOf)).toEqual([30_000, 30_000, 30_000, 30_000, 30_000]);
    expect(['0', '5', '90', '1.5'].map(freshMsOf)).toEqual([0, 5_000, 90_000, 1_500]);
  });
});

describe('page cache', () => {
  const v4 = versionOf({ pageId: 'pg_1', version: 4 }, 1000);
  it('stores the API answer in KV with its version and a page-id index', async () => {
    const first = loader([{ ok: true, data: { pageId: 'pg_1', version: 4 } }], 1000);
    expect(v4).toMatch(/^4\.h/);
    expect(await first.load()).toMatchObject({ ok: true, version: v4, source: 'api' });
    await first.settle();
    expect(await kv.get(pageCacheKey('shop.test', '/optin'), 'json')).toEqual({ version: v4, data: { pageId: 'pg_1', version: 4 }, storedAt: 1000 });
    expect(await kv.get(pageIdCacheKey('pg_1'), 'json')).toMatchObject({ keys: ['page:shop.test/optin', 'route:shop.test/optin'] });
    expect(await kv.get(routeCacheKey('shop.test', '/optin'), 'json')).toEqual({
      version: v4,
      language: null,
      clock: 'none',
      zoned: false,
      timeZone: null,
      storedAt: 1000,
      // The funnel step a view of it is counted under (src/serving/count-view.ts).
      funnelId: null,
      stepId: null,
      pageId: 'pg_1',
    });

    const again = loader([], 1000 + FRESH_MS - 1);
    expect(await again.load()).toMatchObject({ ok: true, source: 'kv' });
    expect(again.calls()).toBe(0);
  });

  it('answers an old copy at once and refreshes it in the background; a failed refresh keeps it', async () => {
    const log: string[] = [];
    const later = loader([{ ok: false, status: 502, msg: 'bad gateway' }], 1000 + FRESH_MS + 1, log);
    expect(await later.load()).toMatchObject({ ok: true, version: v4, source: 'kv' });
    await later.settle();
    expect(later.calls()).toBe(1);
    expect(log).toEqual(['page-cache.refresh-failed']);
    expect(await kv.get(pageCacheKey('shop.test', '/optin'), 'json')).toMatchObject({ version: v4 });
  });

  it('a refresh that finds the same content keeps the version, so the HTML copies stay valid', async () => {
    const same = loader([{ ok: true, data: { pageId: 'pg_1', version: 4 } }], 1000 + 2 * FRESH_MS + 2);
    await same.load();
    await same.settle();
    expect(same.calls()).toBe(1);
    expect(await kv.get(routeCacheKey('shop.test', '/optin'), 'json')).toMatchObject({ version: v4, storedAt: 1000 + 2 * FRESH_MS + 2 });
  });

  it('a refresh that finds the same version number with other data (the location, the funnel) starts a new version', async () => {
    const moved = { pageId: 'pg_1', version: 4, location: { timezone: 'Europe/Zurich' } };
    const next = loader([{ ok: true, data: moved }], 1000 + 3 * FRESH_MS + 3);
    expect(await next.load()).toMatchObject({ version: v4 });
    await next.settle();
    const route = await kv.get<{ version: string }>(routeCacheKey('shop.test', '/optin'), 'json');
    expect(route?.version).toBe(versionOf(moved, 1000 + 3 * FRESH_MS + 3));
    expect(route?.version).not.toBe(v4);
    await kv.put(pageCacheKey('shop.test', '/optin'), JSON.stringify({ version: v4, data: { pageId: 'pg_1', version: 4 }, storedAt: 1000 }));
    await kv.put(routeCacheKey('shop.test', '/optin'), JSON.stringify({ version: v4, language: null, clock: 'none', timeZone: null, storedAt: 1000 }));
  });

  it('a background refresh stores a new version for the next view', async () => {
    const next = loader([{ ok: true, data: { pageId: 'pg_1', version: 5 } }], 2000 + 4 * FRESH_MS);
    expect(await next.load()).toMatchObject({ version: v4 });
    await next.settle();
    expect(await kv.get(routeCacheKey('shop.test', '/optin'), 'json')).toMatchObject({
      version: versionOf({ pageId: 'pg_1', version: 5 }, 2000 + 4 * FRESH_MS),
    });
    await kv.put(pageCacheKey('shop.test', '/optin'), JSON.stringify({ version: v4, data: { pageId: 'pg_1', version: 4 }, storedAt: 1000 }));
  });

  it('answers 404 and forgets the copy when the page is gone; purge deletes every key', async () => {
    const gone = loader([{ ok: false, status: 404, msg: 'Page not found' }], 5000 + 6 * FRESH_MS);
    expect(await gone.load()).toMatchObject({ ok: true });
    await gone.settle();
    expect(await kv.get(pageCacheKey('shop.test', '/optin'))).toBeNull();
    expect(await kv.get(routeCacheKey('shop.test', '/optin'))).toBeNull();
    expect(await loader([{ ok: false, status: 404, msg: 'Page not found' }], 5000 + 6 * FRESH_MS).load()).toEqual({
      ok: false,
      status: 404,
      msg: 'Page not found',
    });

    await kv.put(pageCacheKey('shop.test', '/optin'), JSON.stringify({ version: '5', data: {}, storedAt: 1 }));
    await kv.put(routeCacheKey('shop.test', '/optin'), JSON.stringify({ version: '5', storedAt: 1 }));
    await purgePageCache(kv, 'pg_1', [pageCacheKey('shop.test', '/optin')]);
    expect(await kv.get(pageCacheKey('shop.test', '/optin'))).toBeNull();
    expect(await kv.get(routeCacheKey('shop.test', '/optin'))).toBeNull();
    expect(await kv.get(pageIdCacheKey('pg_1'))).toBeNull();
  });

  it('keys HTML by version, language, clock, visitor zone and lang query, and hashes data without a version', () => {
    const keys = [
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'de' }),
      htmlCacheKey('shop.test', '/optin', { version: '5', lang: 'de' }),
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'fr' }),
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'de', clock: '2026-06-10' }),
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'de', query: 'lang=de' }),
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'de', zone: 'Asia/Tokyo' }),
      htmlCacheKey('shop.test', '/optin', { version: '4', lang: 'de', zone: 'Europe/Berlin' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // A '#' or '?' in the decoded path stays in the key's path, so the version and language still count.
    expect(new URL(htmlCacheKey('shop.test', '/a#b', { version: '4', lang: 'de' })).searchParams.get('v')).toBe('4');
    expect(new URL(htmlCacheKey('shop.test', '/a?v=9', { version: '4', lang: 'de' })).pathname).toBe('/shop.test/a%3Fv=9');
    expect([cacheableQuery(''), cacheableQuery('lang=de'), cacheableQuery('lang=de&x=1'), cacheableQuery('lang=de&lang=fr')]).toEqual([
      '',
      'lang=de',
      null,
      null,
    ]);
    // Campaign and ad-click parameters never change the page: left out of the key, beside `lang` or alone.
    expect(
      [
        'utm_source=x',
        'utm_source=x&utm_id=9&gclid=Cj0&gbraid=a&wbraid=b&fbclid=c&ttclid=d&msclkid=e',
        'gclid=Cj0&lang=de&utm_campaign=spring%20sale',
        'fbclid=&',
      ].map(cacheableQuery),
    ).toEqual(['', '', 'lang=de', '']);
    // Anything else may: a preview's variant, notrack, a booking's event, an unknown or disguised name.
    expect(['utm_source=x&ef_variant=b', 'notrack=1&utm_source=x', 'event_id=1&gclid=x', 'utm%5Fsource=x', 'utm_=x', 'gclid_x=1'].map(cacheableQuery)).toEqual(
      Array(6).fill(null),
    );
    expect(contentOf({ a: 1 })).toBe(contentOf({ a: 1 }));
    expect(contentOf({ a: 1 })).not.toBe(contentOf({ a: 2 }));
    // The same content keeps its version; after a purge (no previous version) it gets a new one.
    expect(versionOf({ a: 1 }, 2000, versionOf({ a: 1 }, 1000))).toBe(versionOf({ a: 1 }, 1000));
    expect(versionOf({ a: 1 }, 2000)).not.toBe(versionOf({ a: 1 }, 1000));
    expect(versionOf({ a: 2 }, 2000, versionOf({ a: 1 }, 1000))).toBe(versionOf({ a: 2 }, 2000));
  });
});

describe('edge hit', () => {
  const cache = (caches as unknown as { default: Cache }).default;
  const now = 50_000;
  const options = (fetched: string[]) => ({
    kv,
    cache,
    now,
    waitUntil: () => undefined,
    fetchPage: async (host: string, path: string) => {
      fetched.push(host + path);
      return { ok: false as const, status: 503, msg: 'down' };
    },
    log: () => undefined,
  });

  it("answers from the HTML copy of the route entry's version and the request's language, without page data", async () => {
    await kv.put(routeCacheKey('hit.test', '/'), JSON.stringify({ version: '7', language: null, clock: 'none', timeZone: null, storedAt: now }));
    const key = htmlCacheKey('hit.test', '/', { version: '7', lang: 'de' });
    await storeHtml(cache, key, new Response('<h1>Hallo</h1>', { headers: { 'content-type': 'text/html' } }));
    const fetched: string[] = [];
    const hit = await answerFromEdge(new Request('https://hit.test/', { headers: { 'accept-language': 'de-DE,de;q=0.9' } }), options(fetched));
    expect(await hit?.text()).toBe('<h1>Hallo</h1>');
    expect(hit?.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(fetched).toEqual([]);
    // An ad click's campaign parameters are answered from the same copy.
    const ad = await answerFromEdge(new Request('https://hit.test/?utm_source=x&gclid=Cj0', { headers: { 'accept-language': 'de' } }), options(fetched));
    expect([await ad?.text(), ad?.headers.get('x-edge-cache')]).toEqual(['<h1>Hallo</h1>', 'hit']);
    // Another language, a query that may change the page or a POST has no copy (the page route renders them).
    expect(await answerFromEdge(new Request('https://hit.test/'), options(fetched))).toBeUndefined();
    expect(
      await answerFromEdge(new Request('https://hit.test/?utm_source=x&aff=7', { headers: { 'accept-language': 'de' } }), options(fetched)),
    ).toBeUndefined();
    expect(await answerFromEdge(new Request('https://hit.test/', { method: 'POST', headers: { 'accept-language': 'de' } }), options(fetched))).toBeUndefined();
  });

  it("carries an ad visit's query into the copy's funnel-step links as it streams out, and leaves the copy and other links as they were", async () => {
    await kv.put(routeCacheKey('ad.test', '/'), JSON.stringify({ version: '4', language: null, clock: 'none', timeZone: null, storedAt: now }));
    const html =
      '<a data-action="go-to-next-funnel-step" href="/next?step=2">Next</a><a data-action="go-to-funnel-step" href="/offer">Offer</a><a href="/terms">Terms</a><a data-action="scroll-to-element" href="#top">Top</a>';
    await storeHtml(cache, htmlCacheKey('ad.test', '/', { version: '4', lang: 'en' }), new Response(html, { headers: { 'content-type': 'text/html' } }));
    const visit = (query: string) =>
      answerFromEdge(new Request(`https://ad.test/${query}`, { headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' } }), options([]));
    const ad = await visit('?utm_source=spring&gclid=Cj0');
    expect(ad?.headers.get('content-encoding')).toBeNull();
    expect(await ad?.text()).toBe(
      '<a data-action="go-to-next-funnel-step" href="/next?step=2&utm_source=spring&gclid=Cj0">Next</a><a data-action="go-to-funnel-step" href="/offer?utm_source=spring&gclid=Cj0">Offer</a><a href="/terms">Terms</a><a data-action="scroll-to-element" href="#top">Top</a>',
    );
    // The next visit with no campaign gets the copy untouched.
    const plain = await visit('');
    expect(await new Response(plain?.body?.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(html);
  });

  it('answers gzipped, compressed once, to a client that takes gzip, and plain to one that does not', async () => {
    await kv.put(routeCacheKey('gz.test', '/'), JSON.stringify({ version: '3', language: null, clock: 'none', timeZone: null, storedAt: now }));
    const html = `<!DOCTYPE html><h1>Willkommen</h1>${'<p>Ein Absatz, der sich gut packen lässt.</p>'.repeat(200)}`;
    await storeHtml(cache, htmlCacheKey('gz.test', '/', { version: '3', lang: 'en' }), new Response(html, { headers: { 'content-type': 'text/html' } }));
    const gzipped = await answerFromEdge(new Request('https://gz.test/', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }), options([]));
    expect(gzipped?.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped?.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = await gzipped?.arrayBuffer();
    expect(bytes?.byteLength).toBeLessThan(html.length / 10);
    expect(await new Response(new Response(bytes).body?.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(html);
    // Cloudflare hands the worker "br, gzip" and keeps the client's own header in cf.clientAcceptEncoding.
    const normalized = (client: string) =>
      new Request('https://gz.test/', { headers: { 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: client } });
    for (const client of ['', 'identity', 'gzip;q=0, br']) {
      const plain = await answerFromEdge(normalized(client), options([]));
      expect(plain?.headers.get('content-encoding')).toBeNull();
      expect(await plain?.text()).toBe(html);
    }
    expect((await answerFromEdge(normalized('gzip'), options([])))?.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a browser that has the copy with a 304 and no body', async () => {
    await kv.put(routeCacheKey('etag.test', '/'), JSON.stringify({ version: '5', language: null, clock: 'none', timeZone: null, storedAt: now }));
    await storeHtml(
      cache,
      htmlCacheKey('etag.test', '/', { version: '5', lang: 'en' }),
      new Response('<h1>Hi</h1>', { headers: { 'content-type': 'text/html' } }),
    );
    const first = await answerFromEdge(new Request('https://etag.test/'), options([]));
    const etag = first?.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await answerFromEdge(new Request('https://etag.test/', { headers: { 'if-none-match': `"other", ${etag}` } }), options([]));
    expect(again?.status).toBe(304);
    expect(await again?.text()).toBe('');
    expect(again?.headers.get('etag')).toBe(etag);
    expect(again?.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // Another version of the page is another copy: its validator differs, so the old one gets the body.
    await kv.put(routeCacheKey('etag.test', '/'), JSON.stringify({ version: '6', language: null, clock: 'none', timeZone: null, storedAt: now + 60_000 }));
    await storeHtml(
      cache,
      htmlCacheKey('etag.test', '/', { version: '6', lang: 'en' }),
      new Response('<h1>Hello</h1>', { headers: { 'content-type': 'text/html' } }),
    );
    const published = await answerFromEdge(new Request('https://etag.test/', { headers: { 'if-none-match': etag } }), { ...options([]), now: now + 60_000 });
    expect(published?.status).toBe(200);
    expect(await published?.text()).toBe('<h1>Hello</h1>');
    expect(published?.headers.get('etag')).not.toBe(etag);
  });

  it('answers a page with a booking calendar from the copy of the zone the edge places the visitor in', async () => {
    await kv.put(routeCacheKey('zone.test', '/'), JSON.stringify({ version: '2', language: null, clock: 'none', zoned: true, timeZone: null, storedAt: now }));
    for (const zone of ['America/Chicago', 'Asia/Tokyo']) {
      await storeHtml(
        cache,
        htmlCacheKey('zone.test', '/', { version: '2', lang: 'en', zone }),
        new Response(`<p>${zone}</p>`, { headers: { 'content-type': 'text/html' } }),
      );
    }
    const visit = (timezone?: string) => answerFromEdge(new Request('https://zone.test/', timezone === undefined ? {} : { cf: { timezone } }), options([]));
    expect(await (await visit('America/Chicago'))?.text()).toBe('<p>America/Chicago</p>');
    expect(await (await visit('Asia/Tokyo'))?.text()).toBe('<p>Asia/Tokyo</p>');
    // An old name is the zone under its current one; a zone without a copy, none or a bogus one is rendered.
    await storeHtml(
      cache,
      htmlCacheKey('zone.test', '/', { version: '2', lang: 'en', zone: 'Asia/Kolkata' }),
      new Response('<p>Kolkata</p>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(await (await visit('Asia/Calcutta'))?.text()).toBe('<p>Kolkata</p>');
    expect(await visit('Europe/Berlin')).toBeUndefined();
    expect(await visit()).toBeUndefined();
    expect(await visit('Not/AZone')).toBeUndefined();
  });

  it('has no answer without a route entry (a publish deletes it)', async () => {
    expect(await answerFromEdge(new Request('https://nothing.test/'), options([]))).toBeUndefined();
  });
});

describe('page request', () => {
  it('reads host, path, query flags and removes the trailing slash', () => {
    expect(readPageRequest(new URL('https://Shop.Test:8443/optin/?notrack=1&lang=de'))).toEqual({
      host: 'shop.test',
      path: '/optin',
      notrack: true,
      lang: 'de',
      query: 'notrack=1&lang=de',
    });
    expect(readPageRequest(new URL('http://localhost/x?domain=shop.test&page_url=/thanks/'))).toMatchObject({
      host: 'shop.test',
      path: '/thanks',
      notrack: false,
    });
    expect(readPageRequest(new URL('http://localhost/')).path).toBe('/');
  });

  it('reserves /api, /admin and /widget', () => {
    expect(['/api', '/api/x', '/admin/v1', '/widget/form/1', '/WIDGET'].map(isReservedPath)).toEqual([true, true, true, true, true]);
    expect(['/apis', '/optin', '/'].map(isReservedPath)).toEqual([false, false, false]);
  });
});
