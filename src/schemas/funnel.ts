/** A funnel and its ordered steps; each step is one page at its own path on the funnel's domain. */
import * as v from 'valibot';
import { hostName, id, text } from './common';

/** A step path: `/` followed by URL-safe segments, no trailing slash (except the root). */
export const stepPath = v.pipe(
  v.string(),
  v.trim(),
  v.transform((p) => (p.startsWith('/') ? p : `/${p}`)),
  v.transform((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p)),
  v.regex(/^\/[A-Za-z0-9._~\-/]*$/, 'must be a URL path'),
  v.maxLength(300),
);

export const funnelStep = v.looseObject({
  id,
  name: text(200),
  path: stepPath,
  pageId: v.optional(v.nullable(id), null),
  /** Overrides the next step; by default the next step is the following one in `steps`. */
  nextStepId: v.optional(v.nullable(id), null),
});
export type FunnelStep = v.InferOutput<typeof funnelStep>;

export const funnelDocument = v.pipe(
  v.looseObject({
    id,
    locationId: id,
    name: text(200),
    /** Custom domain; without one, steps are reached as /v2/preview/{pageId}. */
    domain: v.optional(v.nullable(hostName), null),
    steps: v.array(funnelStep),
  }),
  v.check((f) => new Set(f.steps.map((s) => s.path)).size === f.steps.length, 'steps: paths must be unique'),
  v.check((f) => new Set(f.steps.map((s) => s.id)).size === f.steps.length, 'steps: ids must be unique'),
);
export type FunnelDocument = v.InferOutput<typeof funnelDocument>;
