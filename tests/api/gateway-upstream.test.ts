import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge';
import { UPSTREAM_ORIGIN } from '../support/upstream-stand-in';

// The edge app with API_ORIGIN set: browser calls go to the upstream platform API.
const edge = createEdgeApp();
const upstreamEnv = { ...env, API_ORIGIN: UPSTREAM_ORIGIN };
const call = (path: string, init?: RequestInit) => edge.fetch(new Request(`http://shop.test/api${path}`, init), upstreamEnv, createExecutionContext());

describe('the API gateway with an upstream API_ORIGIN', () => {
  it('forwards a valid call to the upstream at the same path below its base, body intact', async () => {
    const body = JSON.stringify({ domain: 'shop.test' });
    const res = await call('/funnelbuilder/get_robots_txt?x=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as { upstream: boolean; method: string; path: string; search: string; body: string };
    expect(echo).toMatchObject({ upstream: true, method: 'POST', path: '/v1/funnelbuilder/get_robots_txt', search: '?x=1', body });
  });

  it('strips the visitor cookie and any authorization header before forwarding', async () => {
    const res = await call('/funnel/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'fingerprint=abc', authorization: 'Bearer secret' },
      body: JSON.stringify({ funnel_id: 'fn_1', page_id: 'pg_1', funnel_step_id: 'st_1', event_type: 'page_view' }),
    });
    const echo = (await res.json()) as { headers: Record<string, string> };
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.headers.authorization).toBeUndefined();
  });

  it('answers invalid input at the edge with a 4xx msg and never reaches the upstream', async () => {
    const bad = await call('/funnelbuilder/get_robots_txt', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ msg: 'Request body is not valid JSON' });
    const wrongType = await call('/exists', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 42 }) });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { upstream?: boolean }).upstream).toBeUndefined();
  });

  it('warmup pings the upstream base', async () => {
    const res = await edge.fetch(new Request('http://shop.test/_ah/warmup'), upstreamEnv, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Working');
  });
});
