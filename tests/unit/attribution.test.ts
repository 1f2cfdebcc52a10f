import { describe, expect, it } from 'vitest';
import { decodeTouch, encodeTouch, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE, MAX_COOKIE_VALUE, parseTouch, touchOf } from '../../src/lib/attribution';
import { parseCookies } from '../../src/lib/tracking/cookies';
import { withAttribution } from '../../src/serving/attribution';

const T = Date.UTC(2026, 10, 1, 12);
const LANDING = 'https://shop.example.com/guide?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=Cj0abc&ref=x';

const html = (headers: Record<string, string> = {}) =>
  new Response('<!doctype html><p>page</p>', { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0', ...headers } });

function view(url: string, cookie = '', referrer = 'https://search.example/?q=guide'): Request {
  return new Request(url, { headers: { cookie, referer: referrer } });
}

/** The touches a browser would hold after these answers, as the next request's Cookie header. */
function jar(response: Response, before = ''): string {
  const cookies = parseCookies(before);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name && value !== undefined) cookies.set(name, value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

const touchesIn = (cookie: string) => {
  const cookies = parseCookies(cookie);
  return { first: decodeTouch(cookies.get(FIRST_TOUCH_COOKIE)), last: decodeTouch(cookies.get(LAST_TOUCH_COOKIE)) };
};

describe('the attribution cookies of a page view', () => {
  it('sets none on the seller’s dashboard: its pages are no visit of the funnel', () => {
    for (const path of ['/admin', '/admin/leads?utm_source=newsletter']) {
      expect(withAttribution(view(`https://shop.example.com${path}`), html(), T).headers.getSetCookie(), path).toEqual([]);
    }
  });

  it('keeps the first view’s utm parameters, click ids, referrer and landing page as first and last touch', () => {
    const answer = withAttribution(view(LANDING), html(), T);
    const lines = answer.headers.getSetCookie();
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/; Max-Age=7776000; Path=\/; SameSite=Lax; Secure; HttpOnly$/);
    const { first, last } = touchesIn(jar(answer));
    expect(first).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      gclid: 'Cj0abc',
      referrer: 'https://search.example/?q=guide',
      landing: LANDING,
      at: T,
    });
    expect(last).toEqual(first);
    // A shared cache must not keep an answer that sets a visitor's cookie.
    expect(answer.headers.get('cache-control')).toBe('private, max-age=0');
  });

  it('keeps them: a later view without campaign parameters sets nothing', async () => {
    const cookie = jar(withAttribution(view(LANDING), html(), T));
    const later = withAttribution(view('https://shop.example.com/sales', cookie), html(), T + 60_000);
    expect(later.headers.getSetCookie()).toEqual([]);
    expect(later.headers.get('cache-control')).toBe('public, max-age=0');
    expect(await later.text()).toBe('<!doctype html><p>page</p>');
  });

  it('replaces only the last touch when a later visit brings new campaign parameters, and never the first', () => {
    const cookie = jar(withAttribution(view(LANDING), html(), T));
    const second = withAttribution(view('https://shop.example.com/guide?utm_source=facebook&fbclid=IwAR1', cookie, ''), html(), T + 86_400_000);
    expect(second.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual([LAST_TOUCH_COOKIE]);
    const after = touchesIn(jar(second, cookie));
    expect(after.first?.utm_source).toBe('newsletter');
    expect(after.first?.at).toBe(T);
    expect(after.last).toEqual({
      utm_source: 'facebook',
      fbclid: 'IwAR1',
      landing: 'https://shop.example.com/guide?utm_source=facebook&fbclid=IwAR1',
      at: T + 86_400_000,
    });
    // The same campaign again (a reload of the ad's link) is no new touch.
    const reload = withAttribution(view('https://shop.example.com/guide?utm_source=facebook&fbclid=IwAR1', jar(second, cookie)), html(), T + 86_500_000);
    expect(reload.headers.getSetCookie()).toEqual([]);
  });

  it('keeps nothing under notrack, for a seller’s preview, or on answers that are not a page', () => {
    expect(withAttribution(view(`${LANDING}&notrack=1`), html(), T).headers.getSetCookie()).toEqual([]);
    expect(withAttribution(view('https://shop.example.com/v2/preview/pg_1?utm_source=x'), html(), T).headers.getSetCookie()).toEqual([]);
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(withAttribution(view(LANDING), json, T).headers.getSetCookie()).toEqual([]);
    const missing = new Response('gone', { status: 404, headers: { 'content-type': 'text/html' } });
    expect(withAttribution(view(LANDING), missing, T).headers.getSetCookie()).toEqual([]);
    expect(withAttribution(new Request(LANDING, { method: 'POST' }), html(), T).headers.getSetCookie()).toEqual([]);
  });

  it('sets them on a 304 revalidation of a first view, and without Secure over http', () => {
    const answer = withAttribution(view('http://localhost:9200/guide?utm_source=x'), new Response(null, { status: 304 }), T);
    expect(answer.status).toBe(304);
    expect(answer.headers.getSetCookie()[0]).not.toContain('Secure');
    expect(touchesIn(jar(answer)).first?.utm_source).toBe('x');
  });
});

describe('touch values are visitor input', () => {
  it('takes only the allow-listed parameters, cleaned and bounded', () => {
    const params = new URLSearchParams({ utm_source: ` a\u0000b\nc ${'x'.repeat(300)}`, utm_term: '', evil: '<script>', gclid: 'g'.repeat(500) });
    const touch = touchOf({ params, referrer: 'javascript:alert(1)', landing: 'https://shop.example.com/', at: T });
    expect(Object.keys(touch).sort()).toEqual(['at', 'gclid', 'landing', 'utm_source']);
    expect(touch.utm_source).toMatch(/^abc x+$/);
    expect(touch.utm_source).toHaveLength(100);
    expect(touch.gclid).toHaveLength(200);
  });

  it('keeps a cookie under its bound and reads no forged or broken value', () => {
    const big = touchOf({
      params: new URLSearchParams(
        Object.fromEntries(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].map((k) => [k, '🎉'.repeat(100)])),
      ),
      referrer: `https://r.example/${'r'.repeat(500)}`,
      landing: `https://l.example/${'l'.repeat(500)}`,
      at: T,
    });
    const value = encodeTouch(big);
    expect(value.length).toBeLessThanOrEqual(MAX_COOKIE_VALUE);
    expect(decodeTouch(value)?.utm_source).toBe('🎉'.repeat(100));
    expect(decodeTouch('not base64!')).toBeNull();
    expect(decodeTouch(btoa('{"utm_source":"x"}'))).toBeNull(); // no time
    expect(decodeTouch(btoa(JSON.stringify({ at: T, amount: 1, utm_source: 'x' })))).toEqual({ at: T, utm_source: 'x' });
    expect(parseTouch('{"at":1,"landing":"ftp://x"}')).toEqual({ at: 1 });
    expect(parseTouch('nope')).toBeNull();
  });
});
