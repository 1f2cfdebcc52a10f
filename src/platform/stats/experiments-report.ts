/**
 * The split tests of a funnel in its statistics (issue 28): per variant its views and unique
 * visitors (the view counters of that test and variant), its conversions on the tested step
 * (opt-ins, bookings and paid orders stored with the test and variant), the conversion rate,
 * the uplift over the control and the probability to beat it (src/lib/experiments/stats.ts,
 * exact Beta–Binomial), and the sample-ratio check of the visitors against the weights
 * (flagged at p < 0.001).
 */
import { compareArms, sampleRatioMismatch } from '../../lib/experiments/stats';
import type { ExperimentVariant } from '../../schemas/experiment';
import type { ExperimentReport } from '../../schemas/stats';
import type { StatsRows } from './queries';

interface StoredExperiment {
  variants?: ExperimentVariant[];
  winnerVariantId?: string | null;
}

function parseDoc(text: string): StoredExperiment {
  try {
    return JSON.parse(text) as StoredExperiment;
  } catch {
    return {};
  }
}

export function experimentsReport(rows: StatsRows): ExperimentReport[] {
  return rows.experiments.map((experiment) => {
    const doc = parseDoc(experiment.doc);
    const variants = doc.variants ?? [];
    const controlPageId = rows.steps.find((step) => step.id === experiment.step_id)?.pageId ?? null;
    const control = variants.find((variant) => variant.pageId === controlPageId) ?? variants[0];
    const counts = new Map(variants.map((variant) => [variant.id, { views: 0, visitors: 0, conversions: 0 }]));
    for (const row of rows.views) {
      const count = row.experiment_id === experiment.id ? counts.get(row.variant_id) : undefined;
      if (!count) continue;
      count.views += row.views;
      count.visitors += row.visitors;
    }
    for (const row of [...rows.optins, ...rows.bookings, ...rows.orders]) {
      const count = row.experiment_id === experiment.id && row.step_id === experiment.step_id && row.variant_id ? counts.get(row.variant_id) : undefined;
      if (count) count.conversions += row.n;
    }
    // A visitor may convert twice (an opt-in and an order): the posterior needs conversions ≤ visitors.
    const arms = compareArms(
      variants.map((variant) => {
        const count = counts.get(variant.id) ?? { visitors: 0, conversions: 0 };
        return { variantId: variant.id, visitors: count.visitors, conversions: Math.min(count.conversions, count.visitors) };
      }),
      control?.id ?? '',
    );
    const srm = sampleRatioMismatch(variants.map((variant) => ({ visitors: counts.get(variant.id)?.visitors ?? 0, weight: variant.weight })));
    return {
      id: experiment.id,
      stepId: experiment.step_id,
      status: experiment.status,
      startedAt: experiment.started_at,
      winner: experiment.status === 'winner' ? (doc.winnerVariantId ?? null) : null,
      variants: variants.map((variant, i) => {
        const count = counts.get(variant.id) ?? { views: 0, visitors: 0, conversions: 0 };
        const arm = arms[i];
        return {
          id: variant.id,
          pageId: variant.pageId,
          weight: variant.weight,
          isControl: variant.id === control?.id,
          views: count.views,
          visitors: count.visitors,
          conversions: count.conversions,
          conversionRate: arm?.rate ?? null,
          uplift: arm?.uplift ?? null,
          probabilityToBeatControl: arm?.probabilityToBeatControl ?? null,
        };
      }),
      srm: { chiSquare: srm.chiSquare, p: srm.pValue, flagged: srm.mismatch },
    };
  });
}
