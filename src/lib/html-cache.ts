/**
 * Edge cache of published pages, part 2: rendered HTML in the Workers Cache API, keyed by
 * host + path + published version + language + build (+ the clock bucket of pages with date merge
 * fields, + a `lang` query). The Cache API ignores stale-if-error and purges one data centre
 * only, so the version in the key, not a purge, is what makes a publish visible.
 *
 * A hit is answered before any page work (`answerFromEdge`, called by the middleware): the
 * small route entry of ./page-cache.ts gives the version, the page language and the clock
 * dependence; the request gives `?lang` and Accept-Language. No page data is read, parsed
 * or validated and no translator is made. The worker asks here first (src/worker.ts via
 * ./edge-hit.ts), before the Astro adapter, its router and Astro.
 */
import { clockBucket } from '../tree/html-clock';
import { resolveLanguage } from './i18n/languages';
import { FRESH_MS, type PageFetch, type RefreshOptions, readRoute, refreshInBackground } from './page-cache';
import { isReservedPath, readPageRequest } from './page-request';

declare const __EDGEFUNNEL_BUILD__: string | undefined;
/** The build the HTML was rendered by (astro.config.mjs): its asset URLs are this build's. */
const BUILD = typeof __EDGEFUNNEL_BUILD__ === 'string' ? __EDGEFUNNEL_BUILD__ : 'dev';

/** Browsers and shared caches revalidate every time: a publish must show at once; the edge copies do the caching. */
export const PUBLIC_HTML_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const EDGE_COPY_CACHE_CONTROL = 'public, max-age=86400';

/** The Workers Cache API's default cache (`caches.default`, missing from the DOM typing). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** What names one HTML copy besides host and path. */
export interface HtmlVariant {
  version: string;
  lang: string;
  /** '' or the day / minute the page's date merge fields show (src/tree/html-clock.ts). */
  clock?: string;
  /** The visitor's query string when it is only `lang=…` (step links carry it), else ''. */
  query?: string;
}

/** The Cache API key of a page's rendered HTML (built by hand: this runs on every hit, and URLSearchParams costs more than the rest of it). */
export function htmlCacheKey(host: string, path: string, variant: HtmlVariant): string {
  // '?' and '#' in a (decoded) path are escaped too: they would end the key's path.
  let key = `https://html-cache.edgefunnel.internal/${encodeURIComponent(host)}${encodeURI(path).replace(/[?#]/g, encodeURIComponent)}?v=${encodeURIComponent(variant.version)}&lang=${encodeURIComponent(variant.lang)}&b=${encodeURIComponent(BUILD)}`;
  if (variant.clock) key += `&t=${encodeURIComponent(variant.clock)}`;
  if (variant.query) key += `&q=${encodeURIComponent(variant.query)}`;
  return key;
}

/** The query string an HTML copy may be kept for: none, or `lang` alone (returned as sent); null otherwise. */
export function cacheableQuery(query: string): string | null {
  if (query === '') return '';
  return /^lang=[A-Za-z_-]{0,16}$/.test(query) ? query : null;
}

/**
 * The copies this isolate answered last, in memory in front of the Cache API. A key names
 * one build's render of one published version, so a copy never changes: nothing to
 * invalidate, only a size bound (least recently used first out).
 */
const MEMO_BYTES = 8 * 1024 * 1024;
const htmlMemo = new Map<string, { body: ArrayBuffer; headers: [string, string][] }>();
let memoBytes = 0;

/** The headers a hit answers with: the public cache-control restored, marked as a hit. */
function hitHeaders(stored: Headers): [string, string][] {
  const answer = new Headers(stored);
  answer.set('cache-control', PUBLIC_HTML_CACHE_CONTROL);
  answer.set('x-edge-cache', 'hit');
  return [...answer];
}

function memoize(key: string, body: ArrayBuffer, headers: Headers): void {
  if (body.byteLength > MEMO_BYTES / 8 || htmlMemo.has(key)) return;
  htmlMemo.set(key, { body, headers: hitHeaders(headers) });
  memoBytes += body.byteLength;
  for (const [oldest, copy] of htmlMemo) {
    if (memoBytes <= MEMO_BYTES) break;
    htmlMemo.delete(oldest);
    memoBytes -= copy.body.byteLength;
  }
}

/** The cached HTML for `key`, with the public cache-control restored, or undefined. */
export async function matchHtml(cache: Cache, key: string): Promise<Response | undefined> {
  let copy = htmlMemo.get(key);
  if (copy) {
    htmlMemo.delete(key);
    htmlMemo.set(key, copy);
  } else {
    const hit = await cache.match(key);
    if (!hit) return undefined;
    const body = await hit.arrayBuffer();
    memoize(key, body, hit.headers);
    copy = { body, headers: hitHeaders(hit.headers) };
  }
  return new Response(copy.body, { status: 200, headers: copy.headers });
}

/** Stores a rendered page's HTML under `key` (a 200 only). */
export async function storeHtml(cache: Cache, key: string, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const headers = new Headers(response.headers);
  headers.set('cache-control', EDGE_COPY_CACHE_CONTROL);
  headers.delete('set-cookie');
  const body = await response.arrayBuffer();
  await cache.put(key, new Response(body, { status: 200, headers }));
  memoize(key, body, headers);
}

export interface EdgeHitOptions {
  kv: KVNamespace;
  cache: Cache;
  now: number;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Asks the API for host + path (the background refresh of an old route entry). */
  fetchPage: (host: string, path: string) => Promise<PageFetch>;
  log: RefreshOptions['log'];
}

/**
 * The edge copy of a published page for this request, or undefined when there is none (the
 * page route then renders it). An entry older than FRESH_MS is refreshed in the background.
 */
export async function answerFromEdge(request: Request, options: EdgeHitOptions, url = new URL(request.url)): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const query = cacheableQuery(url.search.slice(1));
  if (query === null) return undefined;
  const page = readPageRequest(url);
  if (isReservedPath(page.path)) return undefined;
  const route = await readRoute(options.kv, page.host, page.path, options.now);
  if (!route) return undefined;
  if (options.now - route.storedAt >= FRESH_MS) {
    refreshInBackground({ kv: options.kv, host: page.host, path: page.path, now: options.now, previous: route.version, fetchPage: () => options.fetchPage(page.host, page.path), log: options.log }, options.waitUntil);
  }
  const lang = resolveLanguage({ pageLanguage: route.language, queryLanguage: page.lang, acceptLanguage: request.headers.get('accept-language') });
  const key = htmlCacheKey(page.host, page.path, { version: route.version, lang, clock: clockBucket(route.clock, options.now, route.timeZone ?? undefined), query });
  return matchHtml(options.cache, key).catch(() => undefined);
}
