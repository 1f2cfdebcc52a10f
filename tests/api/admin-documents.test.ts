import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, funnel, location, page, product, put } from './admin-support';

async function rows(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>()
  ).results;
}

async function expectRefused(res: Response, status: number, msg: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { msg: string };
  expect(body.msg).toMatch(msg);
}

beforeAll(async () => {
  await put('/locations/loc_a', location('loc_a'));
  await put('/locations/loc_b', location('loc_b'));
});

describe('locations and domains', () => {
  it('stores a location with its columns and replaces it on a second PUT', async () => {
    const res = await admin('PUT', '/locations/loc_c', { ...location('loc_c'), country: 'de', currency: 'eur', timezone: 'Europe/Berlin', extraKey: 1 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ kind: 'locations', id: 'loc_c', created: true, cachePurged: true });
    expect(await rows('SELECT country, currency, timezone FROM locations WHERE id = ?', 'loc_c')).toEqual([
      { country: 'DE', currency: 'EUR', timezone: 'Europe/Berlin' },
    ]);
    const again = await admin('PUT', '/locations/loc_c', { ...location('loc_c'), name: 'Renamed' });
    expect(again.status).toBe(200);
    expect(await (await admin('GET', '/locations/loc_c')).json()).toMatchObject({ id: 'loc_c', name: 'Renamed' });
    expect((await admin('DELETE', '/locations/loc_c')).status).toBe(200);
    expect(await rows('SELECT id FROM locations WHERE id = ?', 'loc_c')).toEqual([]);
    await expectRefused(await admin('DELETE', '/locations/loc_c'), 404, /does not exist/);
  });

  it("stores a location's zone under its current name, as a calendar's", async () => {
    expect((await admin('PUT', '/locations/loc_zone', { ...location('loc_zone'), timezone: 'Asia/Calcutta' })).status).toBe(201);
    expect(await rows('SELECT timezone FROM locations WHERE id = ?', 'loc_zone')).toEqual([{ timezone: 'Asia/Kolkata' }]);
    expect(await (await admin('GET', '/locations/loc_zone')).json()).toMatchObject({ timezone: 'Asia/Kolkata' });
    expect((await admin('DELETE', '/locations/loc_zone')).status).toBe(200);
  });

  it('stores a domain by host and checks its location and funnel', async () => {
    await put('/funnels/fn_dom', funnel('fn_dom'));
    expect((await admin('PUT', '/domains/shop.example.com', { host: 'Shop.Example.com', locationId: 'loc_a', funnelId: 'fn_dom' })).status).toBe(201);
    expect(await rows('SELECT location_id, funnel_id FROM domains WHERE host = ?', 'shop.example.com')).toEqual([
      { location_id: 'loc_a', funnel_id: 'fn_dom' },
    ]);
    await expectRefused(
      await admin('PUT', '/domains/x.example.com', { host: 'x.example.com', locationId: 'loc_none' }),
      409,
      /locationId: Location loc_none does not exist/,
    );
    await expectRefused(
      await admin('PUT', '/domains/x.example.com', { host: 'x.example.com', locationId: 'loc_b', funnelId: 'fn_dom' }),
      409,
      /belongs to another location/,
    );
    await expectRefused(await admin('PUT', '/domains/a.example.com', { host: 'b.example.com', locationId: 'loc_a' }), 400, /differs/);
    await expectRefused(await admin('PUT', '/domains/bad_host!', { host: 'bad_host!', locationId: 'loc_a' }), 400, /host/);
    await expectRefused(await admin('DELETE', '/funnels/fn_dom'), 409, /still used by 1 domain/);
    expect((await admin('DELETE', '/domains/shop.example.com')).status).toBe(200);
    expect((await admin('DELETE', '/funnels/fn_dom')).status).toBe(200);
  });

  it('refuses to remove a location that still holds documents', async () => {
    await put('/forms/form_keep', { id: 'form_keep', locationId: 'loc_b', name: 'Keep', form: { fields: [] } });
    await expectRefused(await admin('DELETE', '/locations/loc_b'), 409, /still used by 1 form/);
    expect(await rows('SELECT id FROM locations WHERE id = ?', 'loc_b')).toHaveLength(1);
    expect((await admin('DELETE', '/forms/form_keep')).status).toBe(200);
  });
});

describe('funnels and pages', () => {
  it('stores steps in order and links pages whichever comes first', async () => {
    await put('/pages/fn_b_p1', page('fn_b_p1'));
    await put('/funnels/fn_b', funnel('fn_b'));
    await put('/pages/fn_b_p2', page('fn_b_p2'));
    expect(await rows('SELECT id, path, position, page_id FROM funnel_steps WHERE funnel_id = ? ORDER BY position', 'fn_b')).toEqual([
      { id: 'fn_b_s1', path: '/', position: 0, page_id: 'fn_b_p1' },
      { id: 'fn_b_s2', path: '/thanks', position: 1, page_id: 'fn_b_p2' },
    ]);
    expect(await rows("SELECT id, funnel_id, step_id, version, published FROM pages WHERE id LIKE 'fn_b_%' ORDER BY id")).toEqual([
      { id: 'fn_b_p1', funnel_id: 'fn_b', step_id: 'fn_b_s1', version: 0, published: null },
      { id: 'fn_b_p2', funnel_id: 'fn_b', step_id: 'fn_b_s2', version: 0, published: null },
    ]);
  });

  it('replaces the steps and unlinks pages a funnel no longer uses', async () => {
    const doc = funnel('fn_b');
    await put('/funnels/fn_b', { ...doc, steps: [{ ...doc.steps[1], path: '/thank-you' }] });
    expect(await rows('SELECT id, path FROM funnel_steps WHERE funnel_id = ?', 'fn_b')).toEqual([{ id: 'fn_b_s2', path: '/thank-you' }]);
    expect(await rows("SELECT id, step_id FROM pages WHERE id LIKE 'fn_b_%' ORDER BY id")).toEqual([
      { id: 'fn_b_p1', step_id: null },
      { id: 'fn_b_p2', step_id: 'fn_b_s2' },
    ]);
  });

  it('refuses funnels that clash with others or point outside themselves', async () => {
    const other = funnel('fn_c');
    await expectRefused(
      await admin('PUT', '/funnels/fn_c', { ...other, steps: [{ ...other.steps[0], id: 'fn_b_s2' }] }),
      409,
      /step id fn_b_s2 is used by funnel fn_b/,
    );
    await expectRefused(
      await admin('PUT', '/funnels/fn_c', { ...other, steps: [{ ...other.steps[0], pageId: 'fn_b_p2' }] }),
      409,
      /already a step of funnel fn_b/,
    );
    await expectRefused(await admin('PUT', '/funnels/fn_c', { ...other, steps: [{ ...other.steps[0], nextStepId: 'nowhere' }] }), 400, /nextStepId/);
    await expectRefused(
      await admin('PUT', '/funnels/fn_c', { ...other, steps: [other.steps[0], { ...other.steps[1], path: '/' }] }),
      400,
      /paths must be unique/,
    );
    await expectRefused(await admin('PUT', '/funnels/fn_c', { ...other, locationId: 'loc_nope' }), 409, /Location loc_nope does not exist/);
    expect(await rows('SELECT id FROM funnels WHERE id = ?', 'fn_c')).toEqual([]);
  });

  it('refuses to delete a page a step still serves, and unlinks pages when the funnel goes', async () => {
    await expectRefused(await admin('DELETE', '/pages/fn_b_p2'), 409, /funnel step/);
    expect((await admin('DELETE', '/pages/fn_b_p1')).status).toBe(200);
    expect((await admin('DELETE', '/funnels/fn_b')).status).toBe(200);
    expect(await rows('SELECT funnel_id, step_id FROM pages WHERE id = ?', 'fn_b_p2')).toEqual([{ funnel_id: null, step_id: null }]);
    expect(await rows('SELECT id FROM funnel_steps WHERE funnel_id = ?', 'fn_b')).toEqual([]);
  });

  it('keeps unknown keys of a page and refuses a page of an unknown location', async () => {
    await put('/pages/pg_keep', { ...page('pg_keep'), builderVersion: 7, elements: [{ ...page('x').elements[0], futureKey: { a: 1 } }] });
    const stored = (await (await admin('GET', '/pages/pg_keep')).json()) as Record<string, unknown>;
    expect(stored.builderVersion).toBe(7);
    expect((stored.elements as Record<string, unknown>[])[0]?.futureKey).toEqual({ a: 1 });
    await expectRefused(await admin('PUT', '/pages/pg_x', page('pg_x', 'loc_nope')), 409, /Location loc_nope/);
    await expectRefused(await admin('PUT', '/pages/pg_x', page('pg_y')), 400, /differs/);
  });
});

describe('products', () => {
  it('stores the amount, currency and bump columns', async () => {
    await put('/funnels/fn_p', funnel('fn_p'));
    await put('/products/prod_main', product('prod_main', { funnelId: 'fn_p', stepId: 'fn_p_s1' }));
    await put(
      '/products/prod_sub',
      product('prod_sub', {
        paymentType: 'recurring',
        interval: 'month',
        amount: 1900,
        currency: 'EUR',
        bumpProduct: true,
        funnelId: 'fn_p',
        stepId: 'fn_p_s1',
      }),
    );
    expect(
      await rows("SELECT id, payment_type, amount, currency, interval, bump, funnel_id, step_id FROM products WHERE funnel_id = 'fn_p' ORDER BY id"),
    ).toEqual([
      { id: 'prod_main', payment_type: 'one_time', amount: 4900, currency: 'USD', interval: null, bump: 0, funnel_id: 'fn_p', step_id: 'fn_p_s1' },
      { id: 'prod_sub', payment_type: 'recurring', amount: 1900, currency: 'EUR', interval: 'month', bump: 1, funnel_id: 'fn_p', step_id: 'fn_p_s1' },
    ]);
  });

  it('refuses wrong types, missing fields and steps of other funnels', async () => {
    for (const [body, msg] of [
      [product('prod_x', { amount: '49.00' }), /amount/],
      [product('prod_x', { amount: 49.5 }), /amount: must be whole minor units/],
      [product('prod_x', { amount: -1 }), /amount/],
      [product('prod_x', { paymentType: 'sometimes' }), /paymentType/],
      [product('prod_x', { currency: 'dollars' }), /currency/],
      [{ id: 'prod_x', locationId: 'loc_a' }, /productName/],
    ] as const) {
      await expectRefused(await admin('PUT', '/products/prod_x', body), 400, msg);
    }
    await expectRefused(await admin('PUT', '/products/prod_x', product('prod_x', { funnelId: 'fn_p', stepId: 'nope' })), 409, /stepId/);
    await expectRefused(await admin('PUT', '/products/prod_x', product('prod_x', { stepId: 'fn_p_s1' })), 409, /stepId/);
    expect(await rows('SELECT id FROM products WHERE id = ?', 'prod_x')).toEqual([]);
    await expectRefused(await admin('DELETE', '/funnels/fn_p'), 409, /2 product/);
    expect((await admin('DELETE', '/products/prod_sub')).status).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses ids with path or SQL characters, unknown kinds and broken JSON', async () => {
    for (const id of ["loc'; DROP TABLE locations;--", 'a/b', 'a%2Fb', 'x'.repeat(65), '<script>']) {
      await expectRefused(await admin('PUT', `/locations/${encodeURIComponent(id)}`, location(id)), 400, /id/);
    }
    // A dot segment is resolved away by URL parsing and meets no route.
    await expectRefused(await admin('PUT', '/locations/..', location('..')), 404, /Not found/);
    await expectRefused(await admin('PUT', '/widgets/w1', { id: 'w1' }), 404, /Unknown kind widgets/);
    await expectRefused(await admin('PUT', '/locations/loc_j', '{"id": "loc_j",'), 400, /not valid JSON/);
    await expectRefused(await admin('PUT', '/locations/loc_j', '[1,2]'), 400, /.+/);
    await expectRefused(await admin('PUT', '/locations/loc_j', { id: 'loc_j', name: 42 }), 400, /name/);
    await expectRefused(await admin('PUT', '/locations/loc_j', { id: 'loc_j', name: 'J', timezone: 'Mars/Base' }), 400, /timezone/);
    expect(await rows('SELECT count(*) AS n FROM locations')).toEqual([{ n: 2 }]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name = 'locations'")).toHaveLength(1);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const huge = { ...page('pg_huge'), customCode: 'x'.repeat(1024 * 1024 + 10) };
    await expectRefused(await admin('PUT', '/pages/pg_huge', huge), 413, /larger than/);
    expect(await rows('SELECT id FROM pages WHERE id = ?', 'pg_huge')).toEqual([]);
  });
});
