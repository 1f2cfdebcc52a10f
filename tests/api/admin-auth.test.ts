import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { admin, location, TOKEN } from './admin-support';

async function count(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM locations').first<{ n: number }>())?.n ?? -1;
}

describe('admin token', () => {
  it('refuses a call without a token with 401 and writes nothing', async () => {
    const res = await admin('PUT', '/locations/loc_a', location(), {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'A valid admin token is required' });
    expect(await count()).toBe(0);
  });

  it('refuses a wrong token, a token of another length and another scheme', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, `Bearer ${TOKEN.toUpperCase()}`, 'Bearer ']) {
      const res = await admin('PUT', '/locations/loc_a', location(), { authorization });
      expect(res.status, authorization).toBe(401);
    }
    expect(await count()).toBe(0);
  });

  it('guards every admin path, the status and unknown ones too', async () => {
    for (const [method, path] of [
      ['GET', '/status'],
      ['POST', '/pages/pg_1/publish'],
      ['DELETE', '/locations/loc_a'],
      ['GET', '/nothing/here'],
    ] as const) {
      expect((await admin(method, path, undefined, {})).status, path).toBe(401);
    }
  });

  it('accepts the right token', async () => {
    const res = await admin('GET', '/status');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      empty: true,
      counts: { locations: 0, pages: 0 },
      kinds: ['locations', 'funnels', 'domains', 'pages', 'products', 'forms', 'surveys', 'calendar-providers', 'calendars', 'experiments', 'webhooks'],
    });
  });

  it('refuses everything when ADMIN_TOKEN is unset or blank', async () => {
    const { createAdminApi } = await import('../../src/platform/admin/app');
    const app = createAdminApi();
    for (const ADMIN_TOKEN of [undefined, '', '   ']) {
      for (const authorization of ['Bearer ', 'Bearer undefined', `Bearer ${TOKEN}`]) {
        const res = await app.request('/admin/v1/status', { headers: { authorization } }, { ...env, ADMIN_TOKEN });
        expect(res.status).toBe(401);
      }
    }
  });

  it('compares tokens by content: one character off at the end is refused', async () => {
    const last = TOKEN.at(-1) === 'f' ? 'e' : 'f';
    expect((await admin('GET', '/status', undefined, { authorization: `Bearer ${TOKEN.slice(0, -1)}${last}` })).status).toBe(401);
    expect((await admin('GET', '/status', undefined, { authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it('does not answer admin paths outside /admin/v1 with documents', async () => {
    const res = await SELF.fetch('http://admin.test/admin/v1/locations/loc_a', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Location loc_a does not exist' });
  });
});
