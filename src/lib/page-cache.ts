/**
 * Edge cache of published pages (design.md "page cache").
 *
 * 1. Page data, per host + path, in KV (PAGE_CACHE): `page:{host}{path}` → {version, data,
 *    storedAt}. A copy younger than FRESH_MS is used as is; an older one is refreshed from
 *    the API, and kept as the last-known-good copy that is served when the API fails
 *    (stale-if-error, logged). KV is eventually consistent, so FRESH_MS bounds how long
 *    another location may show an old version after a publish.
 *    `page-id:{pageId}` → {version, keys, storedAt} lists the `page:` keys a page is cached
 *    under, so a publish (admin API) can purge them all: `purgePageCache(kv, pageId)`.
 * 2. Rendered HTML in the Workers Cache API, keyed by host + path + published version +
 *    language. The Cache API ignores stale-if-error and purges one data centre only, so the
 *    version in the key, not a purge, is what makes a publish visible.
 * Preview is never cached (callers do not come here for it).
 */

/** How long a KV copy is used without asking the API. */
export const FRESH_MS = 30_000;

export const pageCacheKey = (host: string, path: string) => `page:${host}${path}`;
export const pageIdCacheKey = (pageId: string) => `page-id:${pageId}`;

export interface CachedPage {
  version: string;
  data: unknown;
  storedAt: number;
}
interface PageIdIndex {
  version: string;
  keys: string[];
  storedAt: number;
}

/** What asking the API for the page gave. */
export type PageFetch = { ok: true; data: unknown } | { ok: false; status: number; msg: string };
/** A page to render, and where it came from; or the failure to show. */
export type LoadedPage = { ok: true; data: unknown; version: string; source: 'kv' | 'api' | 'stale' } | { ok: false; status: number; msg: string };

interface LoadOptions {
  kv: KVNamespace;
  host: string;
  path: string;
  now: number;
  fetchPage: () => Promise<PageFetch>;
  waitUntil: (promise: Promise<unknown>) => void;
  log: (event: string, detail: Record<string, unknown>) => void;
}

/** The published version of page data: its `version`, else a hash of its JSON. */
export function versionOf(data: unknown): string {
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' || (typeof version === 'string' && version !== '')) return String(version);
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(data) ?? '') hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `h${hash.toString(36)}`;
}

async function readJson<T>(kv: KVNamespace, key: string): Promise<T | null> {
  try {
    return await kv.get<T>(key, 'json');
  } catch {
    return null;
  }
}

async function remember(kv: KVNamespace, key: string, entry: CachedPage): Promise<void> {
  await kv.put(key, JSON.stringify(entry));
  const pageId = (entry.data as { pageId?: unknown } | null)?.pageId;
  if (typeof pageId !== 'string' || pageId === '') return;
  const indexKey = pageIdCacheKey(pageId);
  const index = await readJson<PageIdIndex>(kv, indexKey);
  const keys = [...new Set([...(index?.keys ?? []), key])].slice(-50);
  await kv.put(indexKey, JSON.stringify({ version: entry.version, keys, storedAt: entry.storedAt } satisfies PageIdIndex));
}

/** Loads published page data through the KV cache, serving the last good copy when the API fails. */
export async function loadPublishedPage(options: LoadOptions): Promise<LoadedPage> {
  const { kv, host, path, now, waitUntil, log } = options;
  const key = pageCacheKey(host, path);
  const cached = await readJson<CachedPage>(kv, key);
  if (cached && now - cached.storedAt < FRESH_MS) return { ok: true, data: cached.data, version: cached.version, source: 'kv' };

  let fetched: PageFetch;
  try {
    fetched = await options.fetchPage();
  } catch (error) {
    fetched = { ok: false, status: 503, msg: error instanceof Error ? error.message : String(error) };
  }
  if (fetched.ok) {
    const entry: CachedPage = { version: versionOf(fetched.data), data: fetched.data, storedAt: now };
    waitUntil(remember(kv, key, entry).catch((error) => log('page-cache.write-failed', { key, error: String(error) })));
    return { ok: true, data: entry.data, version: entry.version, source: 'api' };
  }
  if (fetched.status === 404) {
    if (cached) waitUntil(kv.delete(key).catch(() => undefined));
    return fetched;
  }
  if (cached && fetched.status >= 500) {
    log('page-cache.stale-if-error', { key, status: fetched.status, msg: fetched.msg, storedAt: cached.storedAt });
    return { ok: true, data: cached.data, version: cached.version, source: 'stale' };
  }
  return fetched;
}

/** Deletes every cached copy of a page (call on publish). */
export async function purgePageCache(kv: KVNamespace, pageId: string, alsoKeys: readonly string[] = []): Promise<void> {
  const indexKey = pageIdCacheKey(pageId);
  const index = await readJson<PageIdIndex>(kv, indexKey);
  await Promise.all([...new Set([...(index?.keys ?? []), ...alsoKeys, indexKey])].map((key) => kv.delete(key)));
}

/** The Workers Cache API's default cache (`caches.default`, missing from the DOM typing). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** The Cache API key of a page's rendered HTML. */
export function htmlCacheKey(host: string, path: string, version: string, lang: string): string {
  return `https://html-cache.edgefunnel.internal/${encodeURIComponent(host)}${path}?v=${encodeURIComponent(version)}&lang=${encodeURIComponent(lang)}`;
}

/** Browsers and shared caches revalidate every time: a publish must show at once; the edge copies above do the caching. */
export const PUBLIC_HTML_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const EDGE_COPY_CACHE_CONTROL = 'public, max-age=86400';

/** The cached HTML for `key`, with the public cache-control restored, or undefined. */
export async function matchHtml(cache: Cache, key: string): Promise<Response | undefined> {
  const hit = await cache.match(new Request(key));
  if (!hit) return undefined;
  const headers = new Headers(hit.headers);
  headers.set('cache-control', PUBLIC_HTML_CACHE_CONTROL);
  headers.set('x-edge-cache', 'hit');
  return new Response(hit.body, { status: 200, headers });
}

/** Stores a rendered page's HTML under `key` (a 200 only). */
export async function storeHtml(cache: Cache, key: string, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const headers = new Headers(response.headers);
  headers.set('cache-control', EDGE_COPY_CACHE_CONTROL);
  headers.delete('set-cookie');
  await cache.put(new Request(key), new Response(await response.arrayBuffer(), { status: 200, headers }));
}
