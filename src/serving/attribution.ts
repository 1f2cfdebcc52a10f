/**
 * The attribution cookies of a page view (issue 27, src/lib/attribution.ts): on a visitor's
 * first view the edge keeps the view's campaign parameters, referrer and landing page as
 * both first and last touch; a later view with other campaign parameters replaces the last
 * touch only. Called once from the edge hit path (./edge-hit.ts) and once from the rendered
 * page path (src/middleware.ts), always on the answer AFTER the cache read or store, so a
 * Set-Cookie never lands in a cached copy. Under `notrack` nothing is kept.
 */
import { decodeTouch, encodeTouch, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE, nextTouches, TOUCH_MAX_AGE_SECONDS, type Touch, touchOf } from '../lib/attribution';
import { parseCookies, serializeCookie } from '../lib/tracking/cookies';
import { readPageRequest } from './page-request';
import { isAdminPath } from '../platform/admin/session';
import { withVisitorCookies } from './answer-headers';

/** Answers that are a page a visitor sees: HTML, or its 304 revalidation. */
function isPageAnswer(request: Request, response: Response): boolean {
  if (request.method !== 'GET') return false;
  if (response.status === 304) return true;
  return response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/** The Set-Cookie values this view needs (none on most views). */
export function attributionCookies(request: Request, now: number, url = new URL(request.url)): string[] {
  // A seller's preview is no visit, and neither is the seller's dashboard.
  if (url.pathname.startsWith('/v2/') || isAdminPath(url.pathname) || readPageRequest(url).notrack) return [];
  const cookies = parseCookies(request.headers.get('cookie'));
  const current = { first: decodeTouch(cookies.get(FIRST_TOUCH_COOKIE)), last: decodeTouch(cookies.get(LAST_TOUCH_COOKIE)) };
  // Most views are of a returning visitor without campaign parameters: nothing to read further.
  if (current.first && url.search === '') return [];
  const view = touchOf({ params: url.searchParams, referrer: request.headers.get('referer'), landing: url.href, at: now });
  const next = nextTouches(current, view);
  const secure = url.protocol === 'https:';
  const cookie = (name: string, touch: Touch) => `${serializeCookie(name, encodeTouch(touch), { maxAge: TOUCH_MAX_AGE_SECONDS, secure })}; HttpOnly`;
  const out: string[] = [];
  if (next.first) out.push(cookie(FIRST_TOUCH_COOKIE, next.first));
  if (next.last) out.push(cookie(LAST_TOUCH_COOKIE, next.last));
  return out;
}

/** `response` with the view's attribution cookies appended, or itself when there are none (./answer-headers.ts). */
export function withAttribution(request: Request, response: Response, now: number, url?: URL): Response {
  if (!isPageAnswer(request, response)) return response;
  return withVisitorCookies(response, attributionCookies(request, now, url));
}
