/**
 * What the statistics of one funnel read (issue 28), in one D1 batch after the funnel
 * itself (whose location zone names the days): the steps and split tests, the view and path
 * counters of the days asked for (migration 0021), the conversion counters of the hours in
 * those days (migration 0025: opt-ins, bookings not cancelled, paid orders with their bump,
 * kept by triggers on the rows), and page speed. Every read starts with the funnel id and a
 * range on the day or the instant, each through an index (tests/api/stats-plan.test.ts
 * checks the plans), and answers grouped counts, never rows per view or per conversion.
 *
 * Conversions come grouped by the calendar day in the funnel's zone (`d`, days since the
 * epoch), computed in SQL from the zone's offsets over the range (src/lib/time/zone-stretches.ts),
 * so a 90-day answer is a few hundred rows whatever the traffic. A zone whose offset is not
 * whole hours (India, Nepal, …) splits an hour between two days: its conversions are counted
 * from the rows themselves (`funnel_events` with source 'server', appointments, orders), which
 * gives the same numbers more slowly.
 */
import { FUNNEL_COLUMNS, type Funnel, type FunnelRow, STEP_COLUMNS, type Step, type StepRow, toFunnel, toStep } from '../services/funnels';
import { type ZoneStretch, zoneDaySql, zoneStretches } from '../../lib/time/zone-stretches';
import type { StatsRange } from './range';

export interface StatsFunnel extends Funnel {
  timeZone: string;
}

/** The funnel with its location's zone, or null. */
export async function readStatsFunnel(db: D1Database, id: string): Promise<StatsFunnel | null> {
  const row = await db
    .prepare(`SELECT ${FUNNEL_COLUMNS}, l.timezone FROM funnels f JOIN locations l ON l.id = f.location_id WHERE f.id = ?`)
    .bind(id)
    .first<FunnelRow & { timezone: string }>();
  return row ? { ...toFunnel(row), timeZone: row.timezone } : null;
}

export interface ExperimentRow {
  id: string;
  step_id: string;
  status: string;
  started_at: number | null;
  doc: string;
}
/**
 * View counters summed over the range: the funnel's own rows (step '') one per day, each
 * step, page and variant's rows one for the whole range (their `day` is ''); the report
 * needs no more, and a 90-day answer moves a sixth of the rows.
 */
export interface ViewRow {
  day: string;
  step_id: string;
  page_id: string;
  experiment_id: string;
  variant_id: string;
  views: number;
  visitors: number;
}
export interface PathRow {
  from_step_id: string;
  to_step_id: string;
  visitors: number;
}
/** A count of conversions of one kind, by step, split test, variant and day (days since the epoch, in the zone). */
export interface ConversionRow {
  step_id: string | null;
  experiment_id: string | null;
  variant_id: string | null;
  d: number;
  n: number;
}
export interface OrderRow extends ConversionRow {
  currency: string;
  amount: number;
  bumps: number;
}
export interface VitalRow {
  page_id: string;
  variant_id: string;
  metric: 'lcp' | 'inp' | 'cls' | 'ttfb';
  value: number;
  samples: number;
}

export interface StatsRows {
  steps: Step[];
  experiments: ExperimentRow[];
  views: ViewRow[];
  paths: PathRow[];
  optins: ConversionRow[];
  bookings: ConversionRow[];
  orders: OrderRow[];
  vitals: VitalRow[];
}

const HOUR_MS = 3_600_000;

/** Where conversions are counted from: the hourly counters where they fit the zone's days, or the rows themselves (a brute-force count, for tests). */
export type ConversionSource = 'rollups' | 'rows';

/**
 * Whether whole UTC hours fall into one day of the zone over the range: every offset is whole
 * hours, and so is every change of offset (all zones but a few, such as India's or Nepal's).
 */
export function hoursFitDays(range: StatsRange, stretches: readonly ZoneStretch[]): boolean {
  return range.start % HOUR_MS === 0 && stretches.every((s) => s.offsetMs % HOUR_MS === 0 && s.until % HOUR_MS === 0);
}

/**
 * The opt-ins, bookings and paid orders of the range, each grouped by step, split test,
 * variant (and currency) and day in the zone: from the hourly counters (migration 0025) when
 * whole hours fall into the zone's days, else from the rows themselves (same answer, slower).
 */
function conversionStatements(
  db: D1Database,
  funnelId: string,
  range: StatsRange,
  stretches: readonly ZoneStretch[],
  source: ConversionSource,
): D1PreparedStatement[] {
  const { start, end } = range;
  // The day leads every GROUP BY: a whole number, it settles most comparisons of SQLite's sort
  // before the text columns (a fifth less time on the 7,000 hourly rows of a busy 90 days).
  if (source === 'rollups' && hoursFitDays(range, stretches)) {
    const day = zoneDaySql('hour', stretches);
    const rollup = (kind: 'optin' | 'booking' | 'order') => {
      const currency = kind === 'order' ? 'currency, ' : '';
      const sums = kind === 'order' ? ', SUM(amount) AS amount, SUM(bumps) AS bumps' : '';
      return db
        .prepare(
          `SELECT NULLIF(step_id, '') AS step_id, NULLIF(experiment_id, '') AS experiment_id, NULLIF(variant_id, '') AS variant_id, ${currency}
             ${day} AS d, SUM(n) AS n${sums}
           FROM conversion_rollups WHERE funnel_id = ? AND kind = ? AND hour >= ? AND hour < ?
           GROUP BY d, step_id, experiment_id, variant_id${currency ? ', currency' : ''}`,
        )
        .bind(funnelId, kind, start, end);
    };
    return [rollup('optin'), rollup('booking'), rollup('order')];
  }
  const dayOf = (column: string) => zoneDaySql(column, stretches);
  return [
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, ${dayOf('created_at')} AS d, COUNT(*) AS n FROM funnel_events
         WHERE funnel_id = ? AND source = 'server' AND event_type = 'optin' AND created_at >= ? AND created_at < ?
         GROUP BY d, step_id, experiment_id, variant_id`,
      )
      .bind(funnelId, start, end),
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, ${dayOf('created_at')} AS d, COUNT(*) AS n FROM appointments
         WHERE funnel_id = ? AND created_at >= ? AND created_at < ? AND status != 'cancelled'
         GROUP BY d, step_id, experiment_id, variant_id`,
      )
      .bind(funnelId, start, end),
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, currency, ${dayOf('paid_at')} AS d, COUNT(*) AS n, SUM(amount) AS amount,
           SUM(EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1)) AS bumps
         FROM orders o WHERE funnel_id = ? AND paid_at >= ? AND paid_at < ? AND status = 'paid'
         GROUP BY d, step_id, experiment_id, variant_id, currency`,
      )
      .bind(funnelId, start, end),
  ];
}

/** The statements of the batch, in the order `readStatsRows` reads their answers (EXPLAIN QUERY PLAN runs them too). */
export function statsStatements(
  db: D1Database,
  funnelId: string,
  range: StatsRange,
  zone: string,
  source: ConversionSource = 'rollups',
): D1PreparedStatement[] {
  const { from, to, start, end } = range;
  const stretches = zoneStretches(zone, start, end);
  return [
    db.prepare(`SELECT ${STEP_COLUMNS} FROM funnel_steps WHERE funnel_id = ? ORDER BY position, id`).bind(funnelId),
    db.prepare('SELECT id, step_id, status, started_at, doc FROM experiments WHERE funnel_id = ? ORDER BY created_at, id').bind(funnelId),
    db
      .prepare(
        `SELECT CASE step_id WHEN '' THEN day ELSE '' END AS day, step_id, page_id, experiment_id, variant_id,
           SUM(views) AS views, SUM(visitors) AS visitors FROM view_rollups
         WHERE funnel_id = ? AND day BETWEEN ? AND ? GROUP BY 1, step_id, page_id, experiment_id, variant_id`,
      )
      .bind(funnelId, from, to),
    db
      .prepare(
        `SELECT from_step_id, to_step_id, SUM(visitors) AS visitors FROM path_rollups
         WHERE funnel_id = ? AND day BETWEEN ? AND ? GROUP BY from_step_id, to_step_id`,
      )
      .bind(funnelId, from, to),
    ...conversionStatements(db, funnelId, range, stretches, source),
    // The 75th percentile by nearest rank: the value at rank ⌈0.75·n⌉ of each page, variant and metric.
    db
      .prepare(
        `SELECT page_id, variant_id, metric, value, n AS samples FROM (
           SELECT page_id, variant_id, metric, value,
             ROW_NUMBER() OVER (PARTITION BY page_id, variant_id, metric ORDER BY value) AS rank,
             COUNT(*) OVER (PARTITION BY page_id, variant_id, metric) AS n
           FROM page_vitals WHERE funnel_id = ? AND day BETWEEN ? AND ?)
         WHERE rank = (3 * n + 3) / 4`,
      )
      .bind(funnelId, from, to),
  ];
}

/** Runs the batch and names its answers. */
export async function readStatsRows(
  db: D1Database,
  funnelId: string,
  range: StatsRange,
  zone: string,
  source: ConversionSource = 'rollups',
): Promise<StatsRows> {
  const results = await db.batch(statsStatements(db, funnelId, range, zone, source));
  const rows = <T>(i: number) => (results[i]?.results ?? []) as T[];
  return {
    steps: rows<StepRow>(0).map(toStep),
    experiments: rows<ExperimentRow>(1),
    views: rows<ViewRow>(2),
    paths: rows<PathRow>(3),
    optins: rows<ConversionRow>(4),
    bookings: rows<ConversionRow>(5),
    orders: rows<OrderRow>(6),
    vitals: rows<VitalRow>(7),
  };
}
