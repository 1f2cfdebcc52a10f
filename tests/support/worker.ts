/** The worker the workerd tests run: the edge app without Astro's pages. */
import { createEdgeApp } from '../../src/edge';
import type { Bindings } from '../../src/platform/env';

const edge = createEdgeApp();

export default {
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => edge.fetch(request, env, ctx),
};
