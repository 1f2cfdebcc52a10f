/**
 * The answer of the statistics API (issue 28), GET /admin/v1/stats/funnels/{id}: built by
 * src/platform/stats/report.ts and read by the dashboard (src/dashboard/stats.ts). Rates are
 * fractions 0..1, null without a denominator; amounts are minor units per currency.
 */

/** An amount in one currency: minor units (cents), whole, and as the location shows it. */
export interface Money {
  currency: string;
  amount: number;
  formatted: string;
}

export interface StepReport {
  stepId: string;
  name: string;
  pageId: string | null;
  url: string;
  views: number;
  visitors: number;
  optins: number;
  optinRate: number | null;
  bookings: number;
  orders: number;
  salesRate: number | null;
  revenue: Money[];
  bumpTakeRate: number | null;
  averageCart: Money[];
  earningsPerView: Money[];
  /** Visitors who went on to the next step (on the paths they took) and the share who did not. */
  dropOff: { nextStepId: string; continued: number; rate: number | null } | null;
}

export interface DayReport {
  day: string;
  views: number;
  visitors: number;
  optins: number;
  bookings: number;
  orders: number;
  revenue: Money[];
}

export interface VariantReport {
  id: string;
  pageId: string;
  weight: number;
  isControl: boolean;
  views: number;
  visitors: number;
  conversions: number;
  conversionRate: number | null;
  uplift: number | null;
  probabilityToBeatControl: number | null;
}

export interface ExperimentReport {
  id: string;
  stepId: string;
  status: string;
  startedAt: number | null;
  winner: string | null;
  variants: VariantReport[];
  srm: { chiSquare: number; p: number; flagged: boolean };
}

/** Real visitors' page speed: the 75th percentile of each metric of a page and variant. */
export interface VitalsReport {
  pageId: string;
  variantId: string | null;
  /** The most samples any of the four metrics has (each is reported when the browser measured it). */
  samples: number;
  /** p75, milliseconds (CLS unitless); null without samples. */
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
}

export interface FunnelStats {
  funnelId: string;
  from: string;
  to: string;
  timeZone: string;
  totals: { views: number; visitors: number; optins: number; bookings: number; orders: number; revenue: Money[] };
  steps: StepReport[];
  days: DayReport[];
  experiments: ExperimentReport[];
  vitals: VitalsReport[];
}
