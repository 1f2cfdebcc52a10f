/**
 * What a public page request asks for (requirements ROUTES): the host (from the request, or the
 * `domain` query), the page URL (path segments, or the `page_url` query) without a trailing
 * slash, the `notrack` flag, the `lang` override and the query string carried to the next
 * step. Paths under /api, /admin and /widget are reserved and never a seller page.
 */

export const RESERVED_PREFIXES = ['/api', '/admin', '/widget'] as const;

export interface PageRequest {
  host: string;
  path: string;
  notrack: boolean;
  lang: string | null;
  /** The query string without `?`, as the visitor sent it. */
  query: string;
}

/** `/a/b/` → `/a/b`; `` → `/`; repeated slashes collapsed. */
export function normalizePagePath(raw: string): string {
  // Most paths are already normal (`/x/y`): nothing to replace.
  if (raw.startsWith('/') && !raw.endsWith('/') && !raw.includes('//')) return raw;
  if (raw === '/') return raw;
  const path = `/${raw}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** Whether `path` belongs to the platform rather than to a seller. */
export function isReservedPath(path: string): boolean {
  const lower = path.toLowerCase();
  return RESERVED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A host name without port, lower-cased. */
export function hostOf(raw: string): string {
  const host = raw.trim().toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/** The parameters of a URL without a query; only ever read. */
const NO_PARAMS: Pick<URLSearchParams, 'get'> = new URLSearchParams();

/** Page requests read lately, by URL object: an edge hit reads its URL's three times (copy, split test, attribution). */
const readRequests = new WeakMap<URL, PageRequest>();

/** Reads the page request from the URL the visitor asked for (the same object for the same URL object: never change it). */
export function readPageRequest(url: URL): PageRequest {
  let read = readRequests.get(url);
  if (!read) {
    read = pageRequestOf(url);
    readRequests.set(url, read);
  }
  return read;
}

function pageRequestOf(url: URL): PageRequest {
  // Most views have no query: no URLSearchParams is made for them (this runs on every edge hit).
  const params = url.search === '' ? NO_PARAMS : url.searchParams;
  const domain = params.get('domain')?.trim();
  const pageUrl = params.get('page_url')?.trim();
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as sent; the lookup then simply finds no page.
  }
  const notrack = params.get('notrack');
  return {
    host: hostOf(domain || url.host),
    path: normalizePagePath(pageUrl || path),
    notrack: notrack !== null && notrack !== 'false' && notrack !== '0',
    lang: params.get('lang'),
    query: url.search.slice(1),
  };
}
