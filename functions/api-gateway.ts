/**
 * Edge handler for every browser call under `/api`. With API_ORIGIN set it validates the
 * call against the same schemas the platform uses and forwards it upstream, stripping
 * hop-by-hop and cookie headers; otherwise it hands the request to the built-in API,
 * which validates it there, once.
 */
import { Hono } from 'hono';
import { acceptsBody, readInput } from '../src/platform/call';
import { allCalls } from '../src/schemas/calls';
import { API_BASE } from '../src/schemas/calls/define-call';
import { platformApi } from '../src/platform/app';
import type { AppEnv } from '../src/platform/env';
import { errorResponse } from '../src/platform/http';
import { upstreamUrl } from '../src/platform/client';
import { variantCookiesOf } from '../src/platform/services/experiment-tags';

const DROPPED_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'cookie', 'authorization'];

async function forwardUpstream(origin: string, request: Pick<Request, 'url' | 'method' | 'headers' | 'body'>): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  const cookie = headers.get('cookie');
  for (const name of DROPPED_HEADERS) headers.delete(name);
  // Only the split-test variant cookies go upstream: the records a call makes carry the visitor's variant.
  const variants = [...variantCookiesOf(cookie)].map(([experimentId, variantId]) => `ef_x_${experimentId}=${variantId}`);
  if (variants.length > 0) headers.set('cookie', variants.join('; '));
  const upstream = await fetch(upstreamUrl(origin, url.pathname.slice(API_BASE.length) + url.search), {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
  });
  return new Response(upstream.body, { status: upstream.status, headers: upstream.headers });
}

export function createApiGateway(): Hono<AppEnv> {
  const gateway = new Hono<AppEnv>().basePath(API_BASE);
  for (const spec of allCalls) {
    gateway.on(spec.method, spec.path, async (c, next) => {
      const origin = c.env.API_ORIGIN;
      if (!origin || !acceptsBody(spec, c.req.raw)) return next();
      const original = c.req.raw.clone();
      await readInput(c, spec);
      return forwardUpstream(origin, original);
    });
  }
  gateway.all('*', (c) => {
    const origin = c.env.API_ORIGIN;
    if (origin) return forwardUpstream(origin, c.req.raw);
    return platformApi.fetch(c.req.raw as unknown as Parameters<typeof platformApi.fetch>[0], c.env, c.executionCtx);
  });
  gateway.onError((err, c) => errorResponse(c, err));
  return gateway;
}
