/**
 * What the statistics of one funnel read (issue 28), in one D1 batch after the funnel
 * itself (whose location zone names the days): the steps and split tests, the view and path
 * counters of the days asked for (migration 0021), and the conversions the server stored:
 * opt-ins (`funnel_events` with source 'server'), bookings (appointments not cancelled) and
 * paid orders with their bump. Every read starts with the funnel id and a range on the day
 * or the instant, each through an index (tests/api/stats-plan.test.ts checks the plans), and
 * answers grouped counts, never rows per view.
 *
 * Conversions come by quarter hour (`q`, epoch ms / 900,000): every zone's offset is a
 * whole number of quarter hours, so each quarter hour lies within one day of the zone.
 */
import { FUNNEL_COLUMNS, type Funnel, type FunnelRow, STEP_COLUMNS, type Step, type StepRow, toFunnel, toStep } from '../services/funnels';
import type { StatsRange } from './range';

export const QUARTER_HOUR = 900_000;

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
/** A count of conversions of one kind, by step, split test, variant and quarter hour. */
export interface ConversionRow {
  step_id: string | null;
  experiment_id: string | null;
  variant_id: string | null;
  q: number;
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

/** The statements of the batch, in the order `readStatsRows` reads their answers (EXPLAIN QUERY PLAN runs them too). */
export function statsStatements(db: D1Database, funnelId: string, range: StatsRange): D1PreparedStatement[] {
  const { from, to, start, end } = range;
  return [
    db.prepare(`SELECT ${STEP_COLUMNS} FROM funnel_steps WHERE funnel_id = ? ORDER BY position, id`).bind(funnelId),
    db.prepare('SELECT id, step_id, status, started_at, doc FROM experiments WHERE funnel_id = ? ORDER BY created_at, id').bind(funnelId),
    db
      .prepare(
        `SELECT day, step_id, page_id, experiment_id, variant_id, views, visitors FROM view_rollups
         WHERE funnel_id = ? AND day BETWEEN ? AND ?`,
      )
      .bind(funnelId, from, to),
    db
      .prepare(
        `SELECT from_step_id, to_step_id, SUM(visitors) AS visitors FROM path_rollups
         WHERE funnel_id = ? AND day BETWEEN ? AND ? GROUP BY from_step_id, to_step_id`,
      )
      .bind(funnelId, from, to),
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, created_at / ${QUARTER_HOUR} AS q, COUNT(*) AS n FROM funnel_events
         WHERE funnel_id = ? AND source = 'server' AND event_type = 'optin' AND created_at >= ? AND created_at < ?
         GROUP BY step_id, experiment_id, variant_id, q`,
      )
      .bind(funnelId, start, end),
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, created_at / ${QUARTER_HOUR} AS q, COUNT(*) AS n FROM appointments
         WHERE funnel_id = ? AND created_at >= ? AND created_at < ? AND status != 'cancelled'
         GROUP BY step_id, experiment_id, variant_id, q`,
      )
      .bind(funnelId, start, end),
    db
      .prepare(
        `SELECT step_id, experiment_id, variant_id, currency, paid_at / ${QUARTER_HOUR} AS q, COUNT(*) AS n, SUM(amount) AS amount,
           SUM(EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.bump = 1)) AS bumps
         FROM orders o WHERE funnel_id = ? AND paid_at >= ? AND paid_at < ? AND status = 'paid'
         GROUP BY step_id, experiment_id, variant_id, currency, q`,
      )
      .bind(funnelId, start, end),
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
export async function readStatsRows(db: D1Database, funnelId: string, range: StatsRange): Promise<StatsRows> {
  const results = await db.batch(statsStatements(db, funnelId, range));
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
