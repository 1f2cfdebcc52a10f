/**
 * A publish or document write is committed before the page cache is purged. When the cache
 * (KV) fails, the saved write still answers success, says the purge failed, and a retry of
 * the purge happens first; a 500 would make the seller save again for nothing.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge';
import type { Bindings } from '../../src/platform/env';
import { funnel, location, page, put, TOKEN } from './admin-support';

/** KV at its boundary, in an outage: every call fails the way a failed binding call does. */
function failingKv(calls: string[]): KVNamespace {
  const fail = (name: string) => async () => {
    calls.push(name);
    throw new Error('KV PUT failed: 503 Service Unavailable');
  };
  return { get: fail('get'), put: fail('put'), delete: fail('delete'), list: fail('list'), getWithMetadata: fail('getWithMetadata') } as unknown as KVNamespace;
}

async function adminWithBrokenCache(method: string, path: string, calls: string[], body?: unknown): Promise<Response> {
  const request = new Request(`http://admin.test/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return createEdgeApp().fetch(request, { ...(env as unknown as Bindings), PAGE_CACHE: failingKv(calls) }, createExecutionContext());
}

beforeAll(async () => {
  await put('/locations/loc_a', location());
  await put('/funnels/fn_a', { ...funnel('fn_a'), domain: 'shop.example.com' });
  await put('/pages/fn_a_p1', page('fn_a_p1', 'loc_a', 'Draft'));
});

describe('a cache purge that fails after a committed write', () => {
  it('answers the publish as saved, with cachePurged false, after trying the purge twice', async () => {
    const calls: string[] = [];
    const res = await adminWithBrokenCache('POST', '/pages/fn_a_p1/publish', calls);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'fn_a_p1', version: 1, cachePurged: false });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const row = await env.DB.prepare('SELECT version, published FROM pages WHERE id = ?').bind('fn_a_p1').first<{ version: number; published: string }>();
    expect(row?.version).toBe(1);
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('Draft');
  });

  it('answers a stored document as stored', async () => {
    const res = await adminWithBrokenCache('PUT', '/pages/fn_a_p1', [], page('fn_a_p1', 'loc_a', 'Second'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'pages', id: 'fn_a_p1', created: false, cachePurged: false });
  });
});
