/**
 * Edge cache of published pages, part 2: rendered HTML in the Workers Cache API, keyed by
 * host + path + published version + language + build (+ the clock bucket of pages with date merge
 * fields or a booking calendar, + the visitor's time zone on a page with a booking calendar,
 * + a `lang` query (campaign and ad-click parameters left out), + the split-test variant a visitor is assigned, ./experiment.ts). The Cache API ignores stale-if-error and purges one data centre
 * only, so the version in the key, not a purge, is what makes a publish visible.
 *
 * A hit is answered before any page work (`answerFromEdge`, called by the middleware): the
 * small route entry of ./page-cache.ts gives the version, the page language and the clock
 * and zone dependence; the request gives `?lang`, Accept-Language and the zone the edge
 * places it in. No page data is read, parsed
 * or validated and no translator is made. The worker asks here first (src/worker.ts via
 * ./edge-hit.ts), before the Astro adapter, its router and Astro.
 */
import { hasCarriedQuery, withCampaignLinks } from './campaign-links';
import { clockBucket } from '../tree/html-clock';
import { isPageNeutralParam } from '../lib/attribution';
import { fnv1a } from '../lib/hash';
import { resolveLanguage } from '../lib/i18n/languages';
import { FRESH_MS, type PageFetch, type RefreshOptions, type RouteEntry, readRoute, refreshInBackground } from './page-cache';
import type { EdgeAssignment } from './experiment';
import { isReservedPath, type PageRequest, readPageRequest } from './page-request';
import { acceptsGzip } from '../lib/quality-list';
import { requestTimeZone } from '../lib/time/zones';
import { setAnswerHeaders } from './answer-headers';

declare const __EDGEFUNNEL_BUILD__: string | undefined;
/** The build the HTML was rendered by (astro.config.mjs): its asset URLs are this build's. */
const BUILD = typeof __EDGEFUNNEL_BUILD__ === 'string' ? __EDGEFUNNEL_BUILD__ : 'dev';

/** Browsers and shared caches revalidate every time: a publish must show at once; the edge copies do the caching. */
export const PUBLIC_HTML_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const EDGE_COPY_CACHE_CONTROL = 'public, max-age=86400';

/** The Workers Cache API's default cache (`caches.default`, missing from the DOM typing). */
export function edgeCache(): Cache {
  // Read once per isolate: the getter answers the same cache each time, and costs on every hit.
  defaultCache ??= (caches as unknown as { default: Cache }).default;
  return defaultCache;
}
let defaultCache: Cache | undefined;

/** What names one HTML copy besides host and path. */
export interface HtmlVariant {
  version: string;
  lang: string;
  /** '' or the day / hour / minute the page shows (src/tree/html-clock.ts). */
  clock?: string;
  /** '' or the visitor's time zone, on a page that shows it (a booking calendar). */
  zone?: string;
  /** The visitor's `lang=…` pair when the query is cacheable and has one (step links carry it), else ''. */
  query?: string;
  /** The split-test variant whose own page this is (./experiment.ts); '' or absent for the step's page. */
  split?: string;
}

/** The Cache API key of a page's rendered HTML (built by hand: this runs on every hit, and URLSearchParams costs more than the rest of it). */
export function htmlCacheKey(host: string, path: string, variant: HtmlVariant): string {
  // '?' and '#' in a (decoded) path are escaped too: they would end the key's path.
  let key = `https://html-cache.edgefunnel.internal/${encodeURIComponent(host)}${encodeURI(path).replace(/[?#]/g, encodeURIComponent)}?v=${encodeURIComponent(variant.version)}&lang=${encodeURIComponent(variant.lang)}&b=${encodeURIComponent(BUILD)}`;
  if (variant.clock) key += `&t=${encodeURIComponent(variant.clock)}`;
  if (variant.zone) key += `&z=${encodeURIComponent(variant.zone)}`;
  if (variant.query) key += `&q=${encodeURIComponent(variant.query)}`;
  if (variant.split) key += `&x=${encodeURIComponent(variant.split)}`;
  return key;
}

const LANG_PAIR = /^lang=[A-Za-z_-]{0,16}$/;

/**
 * The part of a query string an HTML copy is kept under, or null when the query may change
 * the page (it is rendered). A query of `lang` (at most once) and campaign or ad-click
 * parameters (`isPageNeutralParam`: `utm_*`, `gclid`, `fbclid`, …) keeps its `lang` pair as
 * sent, or '' without one: ad traffic is answered from the same copy as everyone else, and
 * the page is rendered from this part alone (src/pages/[...path].astro), so no copy holds a
 * visitor's campaign.
 */
export function cacheableQuery(query: string): string | null {
  if (query === '') return '';
  let lang = '';
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const name = pair.split('=', 1)[0] as string;
    if (name === 'lang' && lang === '' && LANG_PAIR.test(pair)) lang = pair;
    else if (!isPageNeutralParam(name)) return null;
  }
  return lang;
}

/**
 * The copies this isolate answered last, in memory in front of the Cache API. A key names
 * one build's render of one published version, so a copy never changes: nothing to
 * invalidate, only a size bound (least recently used first out).
 *
 * Each copy is also kept gzipped, compressed once: browsers all send Accept-Encoding: gzip,
 * and compressing a 50 KB page on every answer (as the edge, or workerd locally, does for a
 * body the worker leaves unencoded) cost more than everything else a hit does together.
 * And each answers with a weak ETag named by its key, so a browser revalidating a page it
 * has (every view: must-revalidate) gets a 304 without the body.
 */
const MEMO_BYTES = 8 * 1024 * 1024;
interface HtmlCopy {
  body: ArrayBuffer;
  headers: [string, string][];
  /** The body gzipped, or null until that is done (the plain body answers meanwhile). */
  gzip: ArrayBuffer | null;
  gzipHeaders: [string, string][];
  /** A weak validator named by the key (a key's copies all say the same), and the headers of a 304. */
  etag: string;
  notModifiedHeaders: [string, string][];
}
const htmlMemo = new Map<string, HtmlCopy>();
let memoBytes = 0;

/**
 * The headers a hit answers with: the stored ones (a purchase page's frame-ancestors among
 * them), those of every answer, the public cache-control restored, marked as a hit, varying
 * by encoding.
 */
function hitHeaders(stored: Headers): [string, string][] {
  const answer = new Headers(stored);
  setAnswerHeaders(answer);
  answer.set('cache-control', PUBLIC_HTML_CACHE_CONTROL);
  answer.set('x-edge-cache', 'hit');
  answer.delete('content-encoding');
  answer.delete('content-length');
  answer.delete('etag');
  if (!/\baccept-encoding\b/i.test(answer.get('vary') ?? '')) answer.append('vary', 'Accept-Encoding');
  return [...answer];
}

/** `body` gzipped (CompressionStream: the same in workerd and on Cloudflare). */
async function gzipBytes(body: ArrayBuffer): Promise<ArrayBuffer> {
  return new Response(new Response(body).body?.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/** What a 304 repeats of a hit's headers. */
const NOT_MODIFIED_HEADERS = new Set(['cache-control', 'etag', 'vary', 'x-edge-cache']);

function newCopy(key: string, body: ArrayBuffer, stored: Headers, gzip: ArrayBuffer | null): HtmlCopy {
  const etag = `W/"${fnv1a(key)}"`;
  const headers: [string, string][] = [...hitHeaders(stored), ['etag', etag]];
  return {
    body,
    headers,
    gzip,
    gzipHeaders: [...headers, ['content-encoding', 'gzip']],
    etag,
    notModifiedHeaders: headers.filter(([name]) => NOT_MODIFIED_HEADERS.has(name)),
  };
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
function namesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/** Keeps `copy` under `key`, then gzips it unless it came gzipped (`compress` runs that work: waitUntil on a hit). */
function memoize(key: string, copy: HtmlCopy, compress: (work: Promise<unknown>) => void): void {
  if (copy.body.byteLength > MEMO_BYTES / 8 || htmlMemo.has(key)) return;
  htmlMemo.set(key, copy);
  memoBytes += copy.body.byteLength + (copy.gzip?.byteLength ?? 0);
  for (const [oldest, old] of htmlMemo) {
    if (memoBytes <= MEMO_BYTES) break;
    htmlMemo.delete(oldest);
    memoBytes -= old.body.byteLength + (old.gzip?.byteLength ?? 0);
  }
  if (copy.gzip) return;
  compress(
    gzipBytes(copy.body).then((gzip) => {
      if (htmlMemo.get(key) !== copy) return;
      copy.gzip = gzip;
      memoBytes += gzip.byteLength;
    }),
  );
}

/** How a hit is answered: 304 when the browser has it, gzipped when the client takes it; `waitUntil` runs the one-time compression. */
export interface MatchOptions {
  gzip: boolean;
  ifNoneMatch?: string | null;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The cached HTML for `key` (a 304 when the browser names its ETag), with the public cache-control restored, or undefined. */
export async function matchHtml(cache: Cache, key: string, options: MatchOptions): Promise<Response | undefined> {
  let copy = htmlMemo.get(key);
  if (copy) {
    htmlMemo.delete(key);
    htmlMemo.set(key, copy);
  } else {
    const hit = await cache.match(key);
    if (!hit) return undefined;
    copy = newCopy(key, await hit.arrayBuffer(), hit.headers, null);
    memoize(key, copy, options.waitUntil);
  }
  // Pages are revalidated on every view (must-revalidate): a browser that has this copy gets no body.
  if (options.ifNoneMatch && namesEtag(options.ifNoneMatch, copy.etag)) return new Response(null, { status: 304, headers: copy.notModifiedHeaders });
  // The gzip bytes go out as they are (encodeBody 'manual'): nothing compresses them again.
  if (options.gzip && copy.gzip) return new Response(copy.gzip, { status: 200, headers: copy.gzipHeaders, encodeBody: 'manual' });
  return new Response(copy.body, { status: 200, headers: copy.headers });
}

/** Stores a rendered page's HTML under `key` (a 200 only), and keeps it (gzipped too) in memory. */
export async function storeHtml(cache: Cache, key: string, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const headers = new Headers(response.headers);
  headers.set('cache-control', EDGE_COPY_CACHE_CONTROL);
  headers.delete('set-cookie');
  const body = await response.arrayBuffer();
  const [gzip] = await Promise.all([gzipBytes(body), cache.put(key, new Response(body, { status: 200, headers }))]);
  memoize(key, newCopy(key, body, headers, gzip), () => undefined);
}

/**
 * What the client said it accepts. Cloudflare (and miniflare, which emulates it) hand the
 * worker a normalized Accept-Encoding ("br, gzip") and keep the client's own in
 * `cf.clientAcceptEncoding`; a client that takes no gzip must get the plain body.
 */
function clientAcceptEncoding(request: Request): string | null {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return typeof original === 'string' ? original : request.headers.get('accept-encoding');
}

export interface EdgeHitOptions {
  kv: KVNamespace;
  cache: Cache;
  now: number;
  /** How long a route entry is fresh (`freshMsOf`); FRESH_MS when not given. */
  freshMs?: number;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Asks the API for host + path (the background refresh of an old route entry). */
  fetchPage: (host: string, path: string) => Promise<PageFetch>;
  log: RefreshOptions['log'];
  /** Told of every page answered from its copy (a 304 included): the view is counted there (./count-view.ts). */
  answered?: (route: RouteEntry, page: PageRequest) => void;
  /** Assigns the split-test variant of a step with a test (./experiment.ts), before the HTML key is chosen. */
  assign?: (route: RouteEntry) => Promise<EdgeAssignment | null>;
}

/**
 * The edge copy of a published page for this request, or undefined when there is none (the
 * page route then renders it). An entry no longer fresh is refreshed in the background.
 */
export async function answerFromEdge(request: Request, options: EdgeHitOptions, url = new URL(request.url)): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const query = cacheableQuery(url.search.slice(1));
  if (query === null) return undefined;
  const page = readPageRequest(url);
  if (isReservedPath(page.path)) return undefined;
  const route = await readRoute(options.kv, page.host, page.path, options.now);
  if (!route) return undefined;
  const freshMs = options.freshMs ?? FRESH_MS;
  if (options.now - route.storedAt >= freshMs) {
    refreshInBackground(
      {
        kv: options.kv,
        host: page.host,
        path: page.path,
        now: options.now,
        freshMs,
        previous: route.version,
        fetchPage: () => options.fetchPage(page.host, page.path),
        log: options.log,
      },
      options.waitUntil,
    );
  }
  const lang = resolveLanguage({ pageLanguage: route.language, queryLanguage: page.lang, acceptLanguage: request.headers.get('accept-language') });
  // A variant's own page has its own clock and zone dependence; the step's page is the route's.
  const served = route.experiment && options.assign ? ((await options.assign(route))?.served ?? null) : null;
  const shape = served ?? route;
  const clock = clockBucket(shape.clock, options.now, route.timeZone ?? undefined);
  const zone = shape.zoned ? (requestTimeZone(request) ?? '') : '';
  const key = htmlCacheKey(page.host, page.path, { version: route.version, lang, clock, zone, query, split: served?.id ?? '' });
  // An ad visit gets the shared copy with the visit's query carried into its step links, so
  // it is read unencoded to stream through the rewriter (./campaign-links.ts).
  const carried = hasCarriedQuery(url.search.slice(1), query);
  const answer = await matchHtml(options.cache, key, {
    gzip: !carried && acceptsGzip(clientAcceptEncoding(request)),
    ifNoneMatch: request.headers.get('if-none-match'),
    waitUntil: options.waitUntil,
  }).catch(() => undefined);
  if (answer && request.method === 'GET') options.answered?.(route, page);
  return answer && carried && request.method === 'GET' ? withCampaignLinks(answer, url.search) : answer;
}
