import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { requestSession, SESSION_MS } from '../../src/platform/admin/session';
import { location, TOKEN } from './admin-support';

const BASE = 'http://admin.test';
const T0 = Date.UTC(2026, 10, 28, 12);

function signIn(token: string, headers: Record<string, string> = {}, base = BASE): Promise<Response> {
  return SELF.fetch(`${base}/admin/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-now': String(T0), ...headers },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** Signs in and answers the Cookie header and the session's CSRF token. */
async function session(ip = '203.0.113.1'): Promise<{ cookie: string; csrf: string }> {
  const res = await signIn(TOKEN, { 'cf-connecting-ip': ip });
  expect(res.status).toBe(303);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const info = await SELF.fetch(`${BASE}/admin/session`, { headers: { cookie, 'x-test-now': String(T0) } });
  const { csrf } = (await info.json()) as { csrf: string };
  return { cookie, csrf };
}

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown, now = T0) =>
  SELF.fetch(`${BASE}/admin/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-test-now': String(now), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('dashboard sign-in', () => {
  it('exchanges the admin token for an HttpOnly, SameSite=Strict cookie on /admin, valid 12 hours', async () => {
    const res = await signIn(TOKEN);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ef_admin=[\w-]{43}\.\d+\.[\w-]{43}; /);
    expect(cookie).toContain('Path=/admin');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Max-Age=${SESSION_MS / 1000}`);
    expect(cookie).not.toContain('Secure');
    const secure = await signIn(TOKEN, { 'cf-connecting-ip': '203.0.113.9' }, 'https://admin.test');
    expect(secure.headers.get('set-cookie')).toContain('Secure');
  });

  it('answers a wrong token with 401 (or back to the form), and no cookie', async () => {
    const json = await signIn(`${TOKEN}x`, { accept: 'application/json', 'cf-connecting-ip': '203.0.113.2' });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ msg: 'That admin token is not right' });
    expect(json.headers.get('set-cookie')).toBeNull();
    const form = await signIn('nope', { 'cf-connecting-ip': '203.0.113.2' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/admin?error=wrong');
    expect(form.headers.get('set-cookie')).toBeNull();
  });

  it('rate-limits sign-in per address: the right token is refused once over the limit', async () => {
    const headers = { accept: 'application/json', 'cf-connecting-ip': '203.0.113.3' };
    const wrong = await Promise.all(Array.from({ length: 10 }, () => signIn('wrong-token', headers)));
    expect(wrong.map((r) => r.status)).toEqual(Array(10).fill(401));
    const limited = await signIn(TOKEN, headers);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ msg: 'Too many sign-in attempts; try again in a few minutes' });
    expect((await signIn(TOKEN, { ...headers, 'cf-connecting-ip': '203.0.113.4' })).status).toBe(200);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const res = await signIn(TOKEN, { ...headers, accept: 'application/json', 'cf-connecting-ip': '203.0.113.5' });
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const own = await signIn(TOKEN, { 'sec-fetch-site': 'same-origin', origin: 'null', accept: 'application/json', 'cf-connecting-ip': '203.0.113.5' });
    expect(own.status).toBe(200);
  });

  it('lets the cookie read, and write only with the CSRF token', async () => {
    const { cookie, csrf } = await session('203.0.113.6');
    expect((await call('GET', '/status', { cookie })).status).toBe(200);
    const noCsrf = await call('PUT', '/locations/loc_a', { cookie }, location());
    expect(noCsrf.status).toBe(403);
    expect(await noCsrf.json()).toEqual({ msg: 'The CSRF token is missing or wrong; reload the dashboard' });
    expect((await call('PUT', '/locations/loc_a', { cookie, 'x-csrf-token': `${csrf}x` }, location())).status).toBe(403);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM locations').first('n')).toBe(0);
    expect((await call('PUT', '/locations/loc_a', { cookie, 'x-csrf-token': csrf }, location())).status).toBe(201);
  });

  it('refuses the cookie after 12 hours, when altered, and after sign-out', async () => {
    const { cookie, csrf } = await session('203.0.113.7');
    expect((await call('GET', '/status', { cookie }, undefined, T0 + SESSION_MS - 1)).status).toBe(200);
    expect((await call('GET', '/status', { cookie }, undefined, T0 + SESSION_MS)).status).toBe(401);
    const altered = cookie.replace(/\.(\d+)\./, (_, n: string) => `.${Number(n) + 1000}.`);
    expect((await call('GET', '/status', { cookie: altered })).status).toBe(401);

    const noCsrf = await SELF.fetch(`${BASE}/admin/session/sign-out`, { method: 'POST', redirect: 'manual', headers: { cookie, 'x-test-now': String(T0) } });
    expect(noCsrf.status).toBe(403);
    const out = await SELF.fetch(`${BASE}/admin/session/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'x-test-now': String(T0), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^ef_admin=; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await call('GET', '/status', { cookie })).status).toBe(401);
  });

  it('reads the cookie on /admin paths only', async () => {
    const { cookie } = await session('203.0.113.8');
    const at = (path: string) => requestSession(env.DB, env, new Request(`${BASE}${path}`, { headers: { cookie } }), T0);
    expect(await at('/admin/v1/status')).not.toBeNull();
    expect(await at('/admin')).not.toBeNull();
    for (const path of ['/', '/administrator', '/api/funnelbuilder/get_page', '/files/up_1', '/widget/form/f1']) expect(await at(path), path).toBeNull();
  });

  it('signs in on a plain-http host that is not localhost: no Secure flag, the Origin check and the CSRF token still hold', async () => {
    // Chrome on an insecure host sends no Sec-Fetch-Site and, under no-referrer, Origin: null; Firefox sends the origin itself.
    const browsers: [string, Record<string, string>][] = [
      ['http://edgefunnel.test', { origin: 'null' }],
      ['http://edgefunnel.test:8080', { origin: 'http://edgefunnel.test:8080' }],
      ['http://127.0.0.1:8787', { 'sec-fetch-site': 'same-origin', origin: 'null' }],
      ['http://192.0.2.10:8787', { origin: 'http://192.0.2.10:8787' }],
    ];
    for (const [i, [base, headers]] of browsers.entries()) {
      const res = await signIn(TOKEN, { ...headers, 'cf-connecting-ip': `198.51.100.${i + 1}` }, base);
      expect(res.status, base).toBe(303);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie, base).toMatch(/^ef_admin=[\w-]{43}\.\d+\.[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
      const cookie = setCookie.split(';')[0] ?? '';
      const info = await SELF.fetch(`${base}/admin/session`, { headers: { cookie, 'x-test-now': String(T0) } });
      expect(info.status, base).toBe(200);
      const { csrf } = (await info.json()) as { csrf: string };
      const write = (token: string) =>
        SELF.fetch(`${base}/admin/v1/locations/loc_host${i}`, {
          method: 'PUT',
          headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json', 'x-test-now': String(T0) },
          body: JSON.stringify(location(`loc_host${i}`)),
        });
      expect((await write('wrong')).status, base).toBe(403);
      expect((await write(csrf)).status, base).toBe(201);
    }
    // The same host over https gets the Secure flag, and a post naming the other scheme is another origin.
    expect(
      (await signIn(TOKEN, { origin: 'https://edgefunnel.test', 'cf-connecting-ip': '198.51.100.9' }, 'https://edgefunnel.test')).headers.get('set-cookie'),
    ).toContain('; Secure');
    const mixed = await signIn(
      TOKEN,
      { origin: 'https://edgefunnel.test', accept: 'application/json', 'cf-connecting-ip': '198.51.100.9' },
      'http://edgefunnel.test',
    );
    expect(mixed.status).toBe(403);
  });

  it('keeps the bearer token for scripts', async () => {
    expect((await call('GET', '/status', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe('headers under /admin', () => {
  it('forbid framing, referrers and caching, with a CSP', async () => {
    for (const res of [await call('GET', '/status', { authorization: `Bearer ${TOKEN}` }), await call('GET', '/status', {})]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const elsewhere = await SELF.fetch(`${BASE}/robots.txt`);
    expect(elsewhere.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
