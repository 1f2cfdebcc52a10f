/**
 * The worker's request pipeline (Astro 7 fetch file): edge routes first, then Astro pages.
 * Bindings come from `cloudflare:workers`, because Astro calls this with the request only.
 */
import { env, waitUntil } from 'cloudflare:workers';
import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { createEdgeApp } from './edge';
import type { AppEnv, Bindings } from './platform/env';

const executionCtx = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

const app = new Hono<AppEnv>();
app.route('/', createEdgeApp());
app.use(astro());

export default {
  fetch: (request: Request) => app.fetch(request, env as unknown as Bindings, executionCtx),
};
