import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCacheKey, pageCacheKeys } from '../../src/platform/admin/page-cache';
import { admin, funnel, location, page, put } from './admin-support';

async function pageRow(id: string) {
  return env.DB.prepare('SELECT draft, published, version, published_at FROM pages WHERE id = ?').bind(id).first<{
    draft: string;
    published: string | null;
    version: number;
    published_at: number | null;
  }>();
}

beforeAll(async () => {
  await put('/locations/loc_a', location());
  await put('/funnels/fn_a', { ...funnel('fn_a'), domain: 'Funnel.Example.com' });
  await put('/domains/shop.example.com', { host: 'shop.example.com', locationId: 'loc_a', funnelId: 'fn_a' });
  await put('/pages/fn_a_p1', page('fn_a_p1', 'loc_a', 'First draft'));
});

describe('publishing a page', () => {
  it('knows every key the page is cached under', async () => {
    expect((await pageCacheKeys(env.DB, 'fn_a_p1')).sort()).toEqual(['page-id:fn_a_p1', 'page:funnel.example.com/', 'page:shop.example.com/']);
    expect(pageCacheKey('Shop.Example.com', '/thanks/')).toBe('page:shop.example.com/thanks');
  });

  it('copies the draft, bumps the version and purges the cache', async () => {
    const keys = ['page:shop.example.com/', 'page:funnel.example.com/', 'page-id:fn_a_p1'];
    for (const key of [...keys, 'page:shop.example.com/thanks']) await env.PAGE_CACHE.put(key, 'stale copy');
    const res = await admin('POST', '/pages/fn_a_p1/publish');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; version: number; publishedAt: number };
    expect(body).toMatchObject({ id: 'fn_a_p1', version: 1 });
    const row = await pageRow('fn_a_p1');
    expect(row?.published).toBe(row?.draft);
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('First draft');
    expect(row?.published_at).toBe(body.publishedAt);
    for (const key of keys) expect(await env.PAGE_CACHE.get(key), key).toBeNull();
    // Another page's copy stays.
    expect(await env.PAGE_CACHE.get('page:shop.example.com/thanks')).toBe('stale copy');
  });

  it('also purges the keys the renderer indexed for the page (e.g. a ?domain= lookup)', async () => {
    await env.PAGE_CACHE.put('page:preview.example.com/', 'copy via ?domain=');
    await env.PAGE_CACHE.put('page-id:fn_a_p1', JSON.stringify({ version: '1', keys: ['page:preview.example.com/'], storedAt: 0 }));
    expect((await admin('POST', '/pages/fn_a_p1/publish')).status).toBe(200);
    expect(await env.PAGE_CACHE.get('page:preview.example.com/')).toBeNull();
    expect(await env.PAGE_CACHE.get('page-id:fn_a_p1')).toBeNull();
  });

  it('keeps the published copy while a new draft is saved, until the next publish', async () => {
    await put('/pages/fn_a_p1', page('fn_a_p1', 'loc_a', 'Second draft'));
    let row = await pageRow('fn_a_p1');
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('First draft');
    expect(JSON.parse(row?.draft ?? '{}').pageName).toBe('Second draft');
    expect((await admin('POST', '/pages/fn_a_p1/publish')).status).toBe(200);
    row = await pageRow('fn_a_p1');
    expect(row?.version).toBe(3);
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('Second draft');
  });

  it('answers 404 for an unknown page and 400 for a bad id', async () => {
    const res = await admin('POST', '/pages/pg_none/publish');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Page pg_none does not exist' });
    expect((await admin('POST', `/pages/${encodeURIComponent("x' OR 1=1")}/publish`)).status).toBe(400);
  });

  it('purges the old path when a funnel moves a step', async () => {
    await env.PAGE_CACHE.put('page:shop.example.com/', 'old copy');
    const doc = funnel('fn_a');
    await put('/funnels/fn_a', { ...doc, steps: [{ ...doc.steps[0], path: '/start' }, doc.steps[1]] });
    expect(await env.PAGE_CACHE.get('page:shop.example.com/')).toBeNull();
  });

  it('purges a host whose domain moves to another funnel', async () => {
    await env.PAGE_CACHE.put('page:shop.example.com/start', 'old copy');
    await put('/domains/shop.example.com', { host: 'shop.example.com', locationId: 'loc_a', funnelId: null });
    expect(await env.PAGE_CACHE.get('page:shop.example.com/start')).toBeNull();
  });
});

describe('status', () => {
  it('counts rows per table', async () => {
    const res = await admin('GET', '/status');
    const body = (await res.json()) as { empty: boolean; counts: Record<string, number> };
    expect(body.empty).toBe(false);
    expect(body.counts).toMatchObject({ locations: 1, funnels: 1, funnel_steps: 2, pages: 1, domains: 1, products: 0 });
  });
});
