/**
 * Edge cache of published pages, part 1: page data in KV (requirements ARCH "page cache"). The
 * rendered HTML copies are in ./html-cache.ts.
 *
 * - `page:{host}{path}` → {version, data, storedAt}: the page data, served stale-while-
 *   revalidate: any copy answers at once, and one older than its freshness (FRESH_MS unless
 *   PAGE_FRESH_SECONDS sets another, `freshMsOf`) is refreshed from the API in the
 *   background (`waitUntil`). When the API fails the copy stays the last good one (logged).
 *   KV is eventually consistent, so the freshness bounds how long another location may show
 *   an old version after a publish.
 * - `route:{host}{path}` → {version, language, clock, zoned, timeZone, storedAt}: the few
 *   bytes an edge hit needs to find its HTML copy (version, the page's language, how the
 *   HTML depends on the clock and on the visitor's zone) without reading or parsing the
 *   page data.
 * - `page-id:{pageId}` → {version, keys, storedAt} lists the keys a page is cached under, so
 *   a publish (admin API) purges them all: `purgePageCache(kv, pageId)`.
 * Preview is never cached (callers do not come here for it).
 */
import { type HtmlClock, htmlDependenceOf } from '../tree/html-clock';
import { fnv1a } from '../lib/hash';
import { setBounded } from '../lib/memo';
import { type RouteExperiment, routeExperimentOf, variantPageIds } from './experiment';

/** How long a KV copy is used without asking the API again (in the background), by default. */
export const FRESH_MS = 30_000;

/**
 * The freshness a deployment sets in PAGE_FRESH_SECONDS (0: every view refreshes in the
 * background), else FRESH_MS.
 */
export function freshMsOf(seconds: string | undefined): number {
  const set = seconds?.trim() ? Number(seconds) : Number.NaN;
  return Number.isFinite(set) && set >= 0 ? set * 1000 : FRESH_MS;
}

const PAGE_PREFIX = 'page:';
const ROUTE_PREFIX = 'route:';
export const pageCacheKey = (host: string, path: string) => `${PAGE_PREFIX}${host}${path}`;
export const routeCacheKey = (host: string, path: string) => `${ROUTE_PREFIX}${host}${path}`;
export const pageIdCacheKey = (pageId: string) => `page-id:${pageId}`;

export interface CachedPage {
  version: string;
  data: unknown;
  storedAt: number;
}
/** What an edge hit reads: which HTML copy answers this host + path. */
export interface RouteEntry {
  version: string;
  /** The page's own language (its location's), which wins over Accept-Language. */
  language: string | null;
  clock: HtmlClock;
  /** The HTML shows the visitor's time zone (a booking calendar): copies are kept per zone. */
  zoned: boolean;
  timeZone: string | null;
  /** The step's split test, when get_page carried one (./experiment.ts): assignment reads it before the HTML key. */
  experiment?: RouteExperiment | null;
  storedAt: number;
  /** The funnel step the page is (views are counted under them, src/serving/count-view.ts); absent in entries written before. */
  funnelId?: string | null;
  stepId?: string | null;
  pageId?: string | null;
}
interface PageIdIndex {
  version: string;
  keys: string[];
  storedAt: number;
}

/** What asking the API for the page gave. */
export type PageFetch = { ok: true; data: unknown } | { ok: false; status: number; msg: string };
/** A page to render, and where it came from; or the failure to show. */
export type LoadedPage =
  | {
      ok: true;
      data: unknown;
      version: string;
      storedAt: number;
      source: 'kv' | 'api';
      /** False when the copy has no route entry yet (the page route writes one, so the next view is an edge hit). */
      hasRoute: boolean;
    }
  | { ok: false; status: number; msg: string };

export interface RefreshOptions {
  kv: KVNamespace;
  /** The version of the stored copy being refreshed: kept when the content is unchanged. */
  previous?: string;
  host: string;
  path: string;
  now: number;
  /** How long a copy is fresh (`freshMsOf`); FRESH_MS when not given. */
  freshMs?: number;
  fetchPage: () => Promise<PageFetch>;
  log: (event: string, detail: Record<string, unknown>) => void;
}
interface LoadOptions extends RefreshOptions {
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * What page data is: its published `version` and a hash of all of it. get_page also carries
 * the page's location, funnel and steps, which change without a publish, so the version
 * number alone would keep serving their old state.
 */
export function contentOf(data: unknown): string {
  const version = (data as { version?: unknown } | null)?.version;
  const published = typeof version === 'number' || (typeof version === 'string' && version !== '') ? String(version) : '';
  return `${published}.h${fnv1a(JSON.stringify(data) ?? '')}`;
}

/**
 * The version an edge copy of page data is keyed by (its route entry, its HTML copies): what
 * the data is (contentOf), and when this content was first stored (`since`). A refresh that
 * finds the same content keeps the version, so its HTML copies stay valid; a purge deletes the
 * stored copy, so the next fetch starts a new version even when get_page answers the same.
 * That is how documents a render embeds without get_page carrying them (a form, survey or
 * calendar element's document) show after an admin write, in every location: the Cache API
 * cannot be purged everywhere, so the HTML key must change (src/serving/html-cache.ts).
 */
export function versionOf(data: unknown, since: number, previous?: string): string {
  const content = contentOf(data);
  return previous?.startsWith(`${content}.`) ? previous : `${content}.${since.toString(36)}`;
}

/** The route entry of page data: its version, language, clock and zone dependence, and time zone. */
export function routeEntryOf(data: unknown, version: string, storedAt: number): RouteEntry {
  const experiment = routeExperimentOf(data);
  const page = (data ?? {}) as {
    language?: unknown;
    timezone?: unknown;
    elements?: unknown;
    location?: { language?: unknown; timezone?: unknown };
    funnelId?: unknown;
    stepId?: unknown;
    pageId?: unknown;
  };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    version,
    language: text(page.language) ?? text(page.location?.language),
    ...htmlDependenceOf(page.elements),
    timeZone: text(page.timezone) ?? text(page.location?.timezone),
    ...(experiment ? { experiment } : {}),
    storedAt,
    funnelId: text(page.funnelId),
    stepId: text(page.stepId),
    pageId: text(page.pageId),
  };
}

async function readJson<T>(kv: KVNamespace, key: string): Promise<T | null> {
  try {
    return await kv.get<T>(key, 'json');
  } catch {
    return null;
  }
}

/**
 * How long this isolate reuses a route entry it read. A purge in this isolate forgets it at
 * once; another isolate may answer from the old version this long after a publish (KV
 * itself takes longer than this to reach every location).
 */
export const ROUTE_MEMO_MS = 5_000;
const routeMemo = new Map<string, { entry: RouteEntry | null; until: number }>();

/** The route entry of host + path, or null. */
export async function readRoute(kv: KVNamespace, host: string, path: string, now = Date.now()): Promise<RouteEntry | null> {
  const key = routeCacheKey(host, path);
  const memo = routeMemo.get(key);
  if (memo && now < memo.until && memo.until - now <= ROUTE_MEMO_MS) return memo.entry;
  const entry = await readJson<RouteEntry>(kv, key);
  // A missing entry is not remembered: the render that follows writes it.
  if (entry) setBounded(routeMemo, key, { entry, until: now + ROUTE_MEMO_MS }, 1000);
  else routeMemo.delete(key);
  return entry;
}

async function remember(kv: KVNamespace, host: string, path: string, entry: CachedPage): Promise<void> {
  const key = pageCacheKey(host, path);
  const routeKey = routeCacheKey(host, path);
  routeMemo.delete(routeKey);
  await Promise.all([kv.put(key, JSON.stringify(entry)), kv.put(routeKey, JSON.stringify(routeEntryOf(entry.data, entry.version, entry.storedAt)))]);
  const pageId = (entry.data as { pageId?: unknown } | null)?.pageId;
  if (typeof pageId !== 'string' || pageId === '') return;
  // A split test's variant pages are in the step's copy: publishing one purges it too.
  for (const indexed of new Set([pageId, ...variantPageIds(entry.data)])) {
    const indexKey = pageIdCacheKey(indexed);
    const index = await readJson<PageIdIndex>(kv, indexKey);
    const keys = [...new Set([...(index?.keys ?? []), key, routeKey])].slice(-50);
    await kv.put(indexKey, JSON.stringify({ version: entry.version, keys, storedAt: entry.storedAt } satisfies PageIdIndex));
  }
}

/** Writes the route entry of a KV copy (an edge hit needs it; a copy stored before it existed has none). */
export async function rememberRoute(kv: KVNamespace, host: string, path: string, page: { data: unknown; version: string; storedAt: number }): Promise<void> {
  routeMemo.delete(routeCacheKey(host, path));
  await kv.put(routeCacheKey(host, path), JSON.stringify(routeEntryOf(page.data, page.version, page.storedAt)));
}

async function forget(kv: KVNamespace, host: string, path: string): Promise<void> {
  routeMemo.delete(routeCacheKey(host, path));
  pageMemo.delete(pageCacheKey(host, path));
  await Promise.all([kv.delete(pageCacheKey(host, path)), kv.delete(routeCacheKey(host, path))]);
}

async function fetchSafely(fetchPage: () => Promise<PageFetch>): Promise<PageFetch> {
  try {
    return await fetchPage();
  } catch (error) {
    return { ok: false, status: 503, msg: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Asks the API for the page and stores the answer (a 404 forgets the copies; another
 * failure keeps them as the last good ones and is logged). Returns what the API gave.
 */
export async function refreshPage(options: RefreshOptions): Promise<PageFetch> {
  const { kv, host, path, now, log } = options;
  const fetched = await fetchSafely(options.fetchPage);
  if (fetched.ok) {
    // A purge while the API answered deleted the copy and its route entry (a few bytes to read): its version is not kept.
    const stored = options.previous ? await readJson<RouteEntry>(kv, routeCacheKey(host, path)) : null;
    const previous = stored?.version === options.previous ? options.previous : undefined;
    await remember(kv, host, path, { version: versionOf(fetched.data, now, previous), data: fetched.data, storedAt: now }).catch((error) =>
      log('page-cache.write-failed', { host, path, error: String(error) }),
    );
  } else if (fetched.status === 404) await forget(kv, host, path).catch(() => undefined);
  else log('page-cache.refresh-failed', { host, path, status: fetched.status, msg: fetched.msg });
  return fetched;
}

/** When this isolate last started a background refresh of a host + path. */
const refreshing = new Map<string, number>();

/**
 * Refreshes the page in the background unless this isolate already started a refresh of
 * it within the freshness window: a busy page (or a dead API) costs one API call per
 * window, not one per view.
 */
export function refreshInBackground(options: RefreshOptions, waitUntil: (promise: Promise<unknown>) => void): void {
  const key = options.host + options.path;
  const last = refreshing.get(key);
  if (last !== undefined && options.now - last < (options.freshMs ?? FRESH_MS) && options.now >= last) return;
  refreshing.set(key, options.now);
  if (refreshing.size > 1000) refreshing.delete(refreshing.keys().next().value ?? key);
  waitUntil(refreshPage(options));
}

/**
 * Page data this isolate read from KV, by key, for the version it had. A version's data
 * never changes, so it is reused while the route entry (./readRoute, itself re-read every
 * ROUTE_MEMO_MS) names the same version: no KV read, JSON parse or validation per view of
 * a page whose HTML cannot be kept (a query string, a clock bucket's first view). The data
 * is shared between renders and never mutated. Bounded by count, oldest use first out.
 */
const PAGE_MEMO_SIZE = 64;
const pageMemo = new Map<string, CachedPage>();

/**
 * Loads published page data through the KV cache: a copy answers at once (refreshed in the
 * background when no longer fresh); without one, the API answers and is remembered.
 */
export async function loadPublishedPage(options: LoadOptions): Promise<LoadedPage> {
  const { kv, host, path, now, waitUntil } = options;
  const key = pageCacheKey(host, path);
  const route = await readRoute(kv, host, path, now);
  const memo = pageMemo.get(key);
  const cached = route && memo?.version === route.version ? memo : await readJson<CachedPage>(kv, key);
  if (cached) {
    setBounded(pageMemo, key, cached, PAGE_MEMO_SIZE);
    if (now - (route?.storedAt ?? cached.storedAt) >= (options.freshMs ?? FRESH_MS)) refreshInBackground({ ...options, previous: cached.version }, waitUntil);
    return { ok: true, data: cached.data, version: cached.version, storedAt: cached.storedAt, source: 'kv', hasRoute: route?.version === cached.version };
  }
  const fetched = await fetchSafely(options.fetchPage);
  if (!fetched.ok) return fetched;
  const entry: CachedPage = { version: versionOf(fetched.data, now), data: fetched.data, storedAt: now };
  waitUntil(remember(kv, host, path, entry).catch((error) => options.log('page-cache.write-failed', { host, path, error: String(error) })));
  return { ok: true, data: entry.data, version: entry.version, storedAt: now, source: 'api', hasRoute: true };
}

/** Deletes every cached copy of a page (call on publish): the indexed keys and `alsoKeys`, with their route entries. */
export async function purgePageCache(kv: KVNamespace, pageId: string, alsoKeys: readonly string[] = []): Promise<void> {
  const indexKey = pageIdCacheKey(pageId);
  const index = await readJson<PageIdIndex>(kv, indexKey);
  await deleteCacheKeys(kv, [...(index?.keys ?? []), ...alsoKeys, indexKey]);
}

/** Deletes `keys`, and the route entry of every `page:` key among them. */
export async function deleteCacheKeys(kv: KVNamespace, keys: readonly string[]): Promise<void> {
  // A route entry must never outlive its page data: it would point hits at the old version.
  const routes = keys.filter((key) => key.startsWith(PAGE_PREFIX)).map((key) => ROUTE_PREFIX + key.slice(PAGE_PREFIX.length));
  for (const route of routes) routeMemo.delete(route);
  for (const key of keys) pageMemo.delete(key);
  await Promise.all([...new Set([...keys, ...routes])].map((key) => kv.delete(key)));
}
