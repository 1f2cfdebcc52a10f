/**
 * The worker's request pipeline (Astro 7 fetch file): a published page's edge HTML copy
 * first, then the edge routes, then Astro pages.
 * Bindings come from `cloudflare:workers`, because Astro calls this with the request only.
 */
import { env, waitUntil } from 'cloudflare:workers';
import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { createEdgeApp } from './edge';
import { edgeHit } from './lib/edge-hit';
import type { AppEnv, Bindings } from './platform/env';

const executionCtx = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

const app = new Hono<AppEnv>();
app.route('/', createEdgeApp());
app.use(astro());

const bindings = env as unknown as Bindings;

export default {
  // A published page's edge copy answers before the router and Astro (src/lib/edge-hit.ts).
  fetch: async (request: Request) => (await edgeHit(request, bindings)) ?? app.fetch(request, bindings, executionCtx),
};
