import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FRESH_MS, htmlCacheKey, loadPublishedPage, type PageFetch, pageCacheKey, pageIdCacheKey, purgePageCache, versionOf } from '../../src/lib/page-cache';
import { isReservedPath, readPageRequest } from '../../src/lib/page-request';

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

describe('page cache', () => {
  it('stores the API answer in KV with its version and a page-id index', async () => {
    const first = loader([{ ok: true, data: { pageId: 'pg_1', version: 4 } }], 1000);
    expect(await first.load()).toMatchObject({ ok: true, version: '4', source: 'api' });
    await first.settle();
    expect(await kv.get(pageCacheKey('shop.test', '/optin'), 'json')).toEqual({ version: '4', data: { pageId: 'pg_1', version: 4 }, storedAt: 1000 });
    expect(await kv.get(pageIdCacheKey('pg_1'), 'json')).toMatchObject({ keys: ['page:shop.test/optin'] });

    const again = loader([], 1000 + FRESH_MS - 1);
    expect(await again.load()).toMatchObject({ ok: true, source: 'kv' });
    expect(again.calls()).toBe(0);
  });

  it('serves the stale copy when the API fails, and logs it', async () => {
    const log: string[] = [];
    const later = loader([{ ok: false, status: 502, msg: 'bad gateway' }], 1000 + FRESH_MS + 1, log);
    expect(await later.load()).toMatchObject({ ok: true, version: '4', source: 'stale' });
    expect(log).toEqual(['page-cache.stale-if-error']);
  });

  it('answers 404 and forgets the copy when the page is gone; purge deletes every key', async () => {
    const gone = loader([{ ok: false, status: 404, msg: 'Page not found' }], 1000 + FRESH_MS + 1);
    expect(await gone.load()).toEqual({ ok: false, status: 404, msg: 'Page not found' });
    await gone.settle();
    expect(await kv.get(pageCacheKey('shop.test', '/optin'))).toBeNull();

    await kv.put(pageCacheKey('shop.test', '/optin'), JSON.stringify({ version: '5', data: {}, storedAt: 1 }));
    await purgePageCache(kv, 'pg_1');
    expect(await kv.get(pageCacheKey('shop.test', '/optin'))).toBeNull();
    expect(await kv.get(pageIdCacheKey('pg_1'))).toBeNull();
  });

  it('keys HTML by version and language, and hashes data without a version', () => {
    expect(htmlCacheKey('shop.test', '/optin', '4', 'de')).not.toBe(htmlCacheKey('shop.test', '/optin', '5', 'de'));
    expect(versionOf({ a: 1 })).toBe(versionOf({ a: 1 }));
    expect(versionOf({ a: 1 })).not.toBe(versionOf({ a: 2 }));
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
    expect(readPageRequest(new URL('http://localhost/x?domain=shop.test&page_url=/thanks/'))).toMatchObject({ host: 'shop.test', path: '/thanks', notrack: false });
    expect(readPageRequest(new URL('http://localhost/')).path).toBe('/');
  });

  it('reserves /api, /admin and /widget', () => {
    expect(['/api', '/api/x', '/admin/v1', '/widget/form/1', '/WIDGET'].map(isReservedPath)).toEqual([true, true, true, true, true]);
    expect(['/apis', '/optin', '/'].map(isReservedPath)).toEqual([false, false, false]);
  });
});
