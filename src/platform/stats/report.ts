/**
 * The statistics of a funnel (issue 28), shaped from the counters that ./queries.ts reads
 * into the answer src/schemas/stats.ts declares: totals, per step (rates, revenue per currency, bump take rate, average
 * cart, earnings per view, drop-off to the next step on the paths visitors took), per day
 * in the funnel's zone, per split-test variant (./experiments-report.ts), and page speed.
 * Pure: the same rows give the same answer. Rates are fractions 0..1, null without a denominator.
 */
import { isoDayOf } from '../../lib/time/zone-stretches';
import { nextStep, type Step, stepUrl } from '../services/funnels';
import type { FunnelStats, StepReport } from '../../schemas/stats';
import { experimentsReport } from './experiments-report';
import { Amounts } from './money';
import type { ConversionRow, StatsFunnel, StatsRows } from './queries';
import type { StatsRange } from './range';
import { vitalsReport } from './vitals-report';

/** Conversions of a group of rows (a step, a day, the whole funnel). */
class Tally {
  views = 0;
  visitors = 0;
  optins = 0;
  bookings = 0;
  orders = 0;
  bumps = 0;
  readonly revenue = new Amounts();
  readonly ordersByCurrency = new Map<string, number>();
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : null);

export function funnelStats(funnel: StatsFunnel, range: StatsRange, rows: StatsRows): FunnelStats {
  const total = new Tally();
  const bySteps = new Map<string, Tally>(rows.steps.map((step) => [step.id, new Tally()]));
  const byDays = new Map<string, Tally>(range.days.map((day) => [day, new Tally()]));

  for (const row of rows.views) {
    // The funnel's own row of a day (step '') counts the day's views and unique visitors whatever the step.
    const tallies = row.step_id === '' ? [total, byDays.get(row.day)] : [bySteps.get(row.step_id)];
    for (const tally of tallies) {
      if (!tally) continue;
      tally.views += row.views;
      tally.visitors += row.visitors;
    }
  }
  // Conversion rows come by day number: each number is turned into its ISO day once, not once a row.
  const byDayNumber = new Map<number, Tally | undefined>();
  const dayTally = (d: number) => {
    if (!byDayNumber.has(d)) byDayNumber.set(d, byDays.get(isoDayOf(d)));
    return byDayNumber.get(d);
  };
  const tallyOf = (row: ConversionRow) => [total, row.step_id ? bySteps.get(row.step_id) : undefined, dayTally(row.d)].filter((t) => t !== undefined);
  for (const row of rows.optins) for (const tally of tallyOf(row)) tally.optins += row.n;
  for (const row of rows.bookings) for (const tally of tallyOf(row)) tally.bookings += row.n;
  for (const row of rows.orders) {
    for (const tally of tallyOf(row)) {
      tally.orders += row.n;
      tally.bumps += row.bumps;
      tally.revenue.add(row.currency, row.amount);
      tally.ordersByCurrency.set(row.currency, (tally.ordersByCurrency.get(row.currency) ?? 0) + row.n);
    }
  }

  const paths = new Map(rows.paths.map((path) => [`${path.from_step_id}\n${path.to_step_id}`, path.visitors]));
  const stepReport = (step: Step): StepReport => {
    const tally = bySteps.get(step.id) ?? new Tally();
    const next = nextStep(rows.steps, step);
    const continued = next ? (paths.get(`${step.id}\n${next.id}`) ?? 0) : 0;
    return {
      stepId: step.id,
      name: step.name,
      pageId: step.pageId,
      url: stepUrl(funnel, step, funnel.domain ?? undefined),
      views: tally.views,
      visitors: tally.visitors,
      optins: tally.optins,
      optinRate: rate(tally.optins, tally.visitors),
      bookings: tally.bookings,
      orders: tally.orders,
      salesRate: rate(tally.orders, tally.visitors),
      revenue: tally.revenue.list(),
      bumpTakeRate: rate(tally.bumps, tally.orders),
      averageCart: tally.revenue.per((currency) => tally.ordersByCurrency.get(currency) ?? 0),
      earningsPerView: tally.revenue.per(() => tally.views),
      dropOff: next ? { nextStepId: next.id, continued, rate: tally.visitors > 0 ? Math.max(0, 1 - continued / tally.visitors) : null } : null,
    };
  };

  return {
    funnelId: funnel.id,
    from: range.from,
    to: range.to,
    timeZone: funnel.timeZone,
    totals: {
      views: total.views,
      visitors: total.visitors,
      optins: total.optins,
      bookings: total.bookings,
      orders: total.orders,
      revenue: total.revenue.list(),
    },
    steps: rows.steps.map(stepReport),
    days: [...byDays].map(([day, tally]) => ({
      day,
      views: tally.views,
      visitors: tally.visitors,
      optins: tally.optins,
      bookings: tally.bookings,
      orders: tally.orders,
      revenue: tally.revenue.list(),
    })),
    experiments: experimentsReport(rows),
    vitals: vitalsReport(rows.vitals),
  };
}
