/**
 * A split test on a funnel step (issue 28): the step's own page is the control, listed
 * among the variants with its weight; the other variants are normal pages of the same
 * funnel. How visitors are split is src/lib/experiments/assign.ts; docs/analytics.md.
 */
import * as v from 'valibot';
import { id, text } from './common';

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped', 'winner'] as const;

export const experimentVariant = v.object({
  id,
  pageId: id,
  /** A relative weight: a variant's share of traffic is its weight over the sum of all. */
  weight: v.pipe(v.number(), v.finite('must be a number'), v.minValue(0, 'must be 0 or more'), v.maxValue(1_000_000)),
});
export type ExperimentVariant = v.InferOutput<typeof experimentVariant>;

/** Refusals of a document that is well-formed but not a test; the messages the admin API answers. */
function variantsProblem(doc: { variants: ExperimentVariant[]; status: string; winnerVariantId: string | null }): string | null {
  const ids = new Set<string>();
  const pages = new Set<string>();
  for (const variant of doc.variants) {
    if (ids.has(variant.id)) return `variants: variant id ${variant.id} is listed twice`;
    if (pages.has(variant.pageId)) return `variants: page ${variant.pageId} is listed twice`;
    ids.add(variant.id);
    pages.add(variant.pageId);
  }
  if (!(doc.variants.reduce((sum, variant) => sum + variant.weight, 0) > 0)) return 'variants: the weights must add up to more than 0';
  if (doc.status === 'winner' && !doc.winnerVariantId) return 'winnerVariantId: is required when status is winner';
  if (doc.winnerVariantId && !ids.has(doc.winnerVariantId)) return `winnerVariantId: ${doc.winnerVariantId} is not one of the variants`;
  return null;
}

export const experimentDocument = v.pipe(
  v.looseObject({
    id,
    funnelId: id,
    stepId: id,
    name: v.optional(text(200)),
    variants: v.pipe(v.array(experimentVariant), v.minLength(2, 'needs the control and at least one other variant'), v.maxLength(20, 'at most 20')),
    status: v.optional(v.picklist(EXPERIMENT_STATUSES, 'must be draft, running, stopped or winner'), 'draft'),
    winnerVariantId: v.optional(v.nullable(id), null),
    /** Absent: the stored salt, or a new random one. Changing it reshuffles every visitor. */
    salt: v.optional(id),
    /** Set by the server when the test first runs; a value sent is ignored. */
    startedAt: v.optional(v.unknown()),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = variantsProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);
export type ExperimentDocument = v.InferOutput<typeof experimentDocument>;
