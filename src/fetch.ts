/**
 * The worker's request pipeline after the edge copy (Astro 7 fetch file, run by the
 * adapter's handler from ./worker.ts, which answers a published page's edge HTML copy
 * first): the edge routes, then Astro pages, whose render context (`Astro.locals`) gets
 * the bindings, the API client and waitUntil here (./serving/request-context.ts).
 * Bindings come from `cloudflare:workers`, because Astro calls this with the request only;
 * this and ./worker.ts are the only modules that read them so.
 */
import { env, waitUntil } from 'cloudflare:workers';
import { Hono } from 'hono';
import { astro, getFetchState } from 'astro/hono';
import { createEdgeApp } from './edge';
import { lastResortResponse } from './serving/last-resort';
import { requestServices } from './serving/request-context';
import { CLIENT_IP_HEADER } from './platform/client';
import { drainBody } from './platform/http';
import type { AppEnv, Bindings } from './platform/env';

const executionCtx = {
  waitUntil,
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

const bindings = env as unknown as Bindings;

const app = new Hono<AppEnv>();
app.route('/', createEdgeApp());
app.use(async (c, next) => {
  Object.assign(getFetchState(c).locals, requestServices(bindings, executionCtx, Date.now(), c.req.header(CLIENT_IP_HEADER) ?? null));
  await next();
});
app.use(astro());
app.onError((err, c) => lastResortResponse(c.req.raw, err));

export default {
  async fetch(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await app.fetch(request, bindings, executionCtx);
    } catch (err) {
      response = lastResortResponse(request, err);
    }
    // A body answered unread (a page, a 401, a 404) is read to its end first, so the
    // connection is left clean for the client's next request.
    await drainBody(request);
    return response;
  },
};
