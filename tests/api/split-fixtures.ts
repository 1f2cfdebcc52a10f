/** A funnel whose first step (shop.split.test/) runs a split test: control fn_a_p1 and variant b (pg_b), both published. */
import { SELF } from 'cloudflare:test';
import { edgeHit } from '../../src/serving/edge-hit';
import type { Bindings } from '../../src/platform/env';
import { admin, funnel, location, page, put } from './admin-support';

export const SPLIT_HOST = 'shop.split.test';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

export const splitTest = (extra: Record<string, unknown> = {}) => ({
  id: 'exp_1',
  funnelId: 'fn_a',
  stepId: 'fn_a_s1',
  status: 'running',
  variants: [
    { id: 'control', pageId: 'fn_a_p1', weight: 50 },
    { id: 'b', pageId: 'pg_b', weight: 50 },
  ],
  ...extra,
});

export async function seedSplitFunnel(): Promise<void> {
  await put('/locations/loc_a', location('loc_a'));
  await put('/funnels/fn_a', funnel('fn_a'));
  await put(`/domains/${SPLIT_HOST}`, { host: SPLIT_HOST, locationId: 'loc_a', funnelId: 'fn_a' });
  for (const pageId of ['fn_a_p1', 'fn_a_p2']) await put(`/pages/${pageId}`, page(pageId, 'loc_a', `Page ${pageId}`));
  await put('/pages/pg_b', { ...page('pg_b', 'loc_a', 'Variant B headline'), funnelId: 'fn_a' });
  for (const pageId of ['fn_a_p1', 'fn_a_p2', 'pg_b']) {
    const res = await admin('POST', `/pages/${pageId}/publish`);
    if (res.status !== 200) throw new Error(`publish ${pageId} → ${res.status}`);
  }
  await put('/experiments/exp_1', splitTest());
}

/** get_page as the browser (no token) or the edge (its token) calls it. */
export async function getPage(path: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await SELF.fetch('http://api.test/api/funnelbuilder/get_page', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ domain_name: SPLIT_HOST, page_url: path }),
  });
  if (res.status !== 200) throw new Error(`get_page → ${res.status}`);
  return res.json();
}

/** A request through the worker's first step (src/serving/edge-hit.ts), with its background work awaited. */
export async function edgeRequest(env: Bindings, url: string, headers: Record<string, string> = {}): Promise<Response | undefined> {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => pending.push(promise), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const response = await edgeHit(new Request(url, { headers: { 'user-agent': BROWSER_UA, ...headers } }), env, ctx);
  await Promise.all(pending);
  return response;
}
