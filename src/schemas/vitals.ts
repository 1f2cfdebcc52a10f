/**
 * What a page reports of its real visitor's speed (issue 28, POST /api/funnel/vitals): the
 * Core Web Vitals and TTFB that the `web-vitals` library measured, with the funnel, page
 * and split-test variant. Each value is bounded: LCP, INP and TTFB in milliseconds up to two
 * minutes, CLS (unitless) up to 100; anything else is refused rather than stored.
 */
import * as v from 'valibot';
import { id } from './common';

const millis = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(120_000, 'must be at most 120000 ms'));

export const VITAL_METRICS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const vitalsPayload = v.pipe(
  v.object({
    funnel_id: id,
    page_id: id,
    variant_id: v.optional(v.nullable(id), null),
    lcp: v.optional(millis),
    inp: v.optional(millis),
    cls: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100, 'must be at most 100'))),
    ttfb: v.optional(millis),
  }),
  v.check((payload) => VITAL_METRICS.some((metric) => payload[metric] !== undefined), 'at least one of lcp, inp, cls, ttfb is required'),
);
export type VitalsPayload = v.InferOutput<typeof vitalsPayload>;
