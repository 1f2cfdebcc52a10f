/**
 * The consumer of the `edgefunnel-views` queue (issue 28): a batch of views becomes one D1
 * batch of upserts into the day's counters (migration 0021), never a row per view.
 *
 * - Each view's day is the calendar day in its funnel's location zone; a view of a funnel
 *   that no longer exists, or a message that is not a view, is dropped.
 * - `view_rollups` counts views per funnel, day, step, page, experiment and variant, and
 *   per funnel and day whatever the step (the row whose step, page and variant are all '').
 * - The visitor's key (./salts.ts) is inserted into `view_visitors`; a first sighting
 *   counts a unique visitor on its rollup row (trigger), a repeat does nothing.
 * - `step_visitors` records the steps each key reached that day, in the order of the views;
 *   reaching a new step counts one path from every step reached before (`path_rollups`,
 *   trigger): the drop-off between steps is counted on the paths visitors actually took.
 *
 * The D1 batch is all or nothing, so a failed batch is retried whole without counting twice.
 */
import * as v from 'valibot';
import { type ViewMessage, ViewMessageSchema } from '../../lib/tracking/view-message';
import { todayIn } from '../../lib/time/today';
import { reportError } from '../../lib/report-error';
import type { RandomBytes } from '../../lib/ids';
import { saltsOf, visitorKey } from './salts';

/** A view with its day and visitor key, ready to be rolled up. */
export interface KeyedView {
  funnelId: string;
  day: string;
  stepId: string;
  pageId: string;
  experimentId: string;
  variantId: string;
  visitor: string;
  at: number;
}

/** The time zone of each funnel's location, for the funnels named. */
async function funnelZones(db: D1Database, funnelIds: readonly string[]): Promise<Map<string, string>> {
  if (funnelIds.length === 0) return new Map();
  const rows = await db
    .prepare(`SELECT f.id, l.timezone FROM funnels f JOIN locations l ON l.id = f.location_id WHERE f.id IN (${funnelIds.map(() => '?').join(', ')})`)
    .bind(...funnelIds)
    .all<{ id: string; timezone: string }>();
  return new Map(rows.results.map((row) => [row.id, row.timezone]));
}

/** Days and visitor keys of `views` (salts made as needed); views of unknown funnels are left out. */
export async function keyViews(db: D1Database, views: readonly ViewMessage[], now: number, random?: RandomBytes): Promise<KeyedView[]> {
  const zones = await funnelZones(db, [...new Set(views.map((view) => view.funnelId))]);
  const dated = views.flatMap((view) => {
    const zone = zones.get(view.funnelId);
    return zone ? [{ view, day: todayIn(zone, view.at) }] : [];
  });
  const salts = await saltsOf(db, [...new Set(dated.map(({ day }) => day))], now, random);
  const keyed: KeyedView[] = [];
  // A batch holds many views of the same visitors: each key is computed once.
  const keys = new Map<string, Promise<string>>();
  for (const { view, day } of dated) {
    const salt = salts.get(day);
    if (!salt) continue;
    const id = `${day}|${view.network}|${view.family}|${view.host}`;
    let visitor = keys.get(id);
    if (!visitor) {
      visitor = visitorKey(salt, view.network, view.family, view.host);
      keys.set(id, visitor);
    }
    keyed.push({
      funnelId: view.funnelId,
      day,
      stepId: view.stepId,
      pageId: view.pageId,
      experimentId: view.experimentId ?? '',
      variantId: view.variantId ?? '',
      visitor: await visitor,
      at: view.at,
    });
  }
  return keyed;
}

/** The counters a view adds to: its step's page and variant, and its funnel's day as a whole. */
const rollupKeys = (view: KeyedView) => [
  [view.funnelId, view.day, view.stepId, view.pageId, view.experimentId, view.variantId],
  [view.funnelId, view.day, '', '', '', ''],
];

/** The statements that roll `views` up: counters first (the visitor triggers update them), then keys, then steps in view order. */
export function rollupStatements(db: D1Database, views: readonly KeyedView[]): D1PreparedStatement[] {
  const counts = new Map<string, { key: string[]; views: number }>();
  for (const view of views) {
    for (const key of rollupKeys(view)) {
      const id = JSON.stringify(key);
      const entry = counts.get(id) ?? { key, views: 0 };
      entry.views++;
      counts.set(id, entry);
    }
  }
  const upsert = db.prepare(
    `INSERT INTO view_rollups (funnel_id, day, step_id, page_id, experiment_id, variant_id, views) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (funnel_id, day, step_id, page_id, experiment_id, variant_id) DO UPDATE SET views = views + excluded.views`,
  );
  const seen = db.prepare(
    `INSERT INTO view_visitors (funnel_id, day, visitor, step_id, page_id, experiment_id, variant_id) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  const reached = db.prepare('INSERT INTO step_visitors (funnel_id, day, visitor, step_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const visitorRows = new Map<string, unknown[]>();
  const stepRows = new Map<string, KeyedView>();
  for (const view of [...views].sort((a, b) => a.at - b.at)) {
    for (const [funnel, day, step, page, experiment, variant] of rollupKeys(view)) {
      const row = [funnel, day, view.visitor, step, page, experiment, variant];
      visitorRows.set(JSON.stringify(row), row);
    }
    const stepId = JSON.stringify([view.funnelId, view.day, view.visitor, view.stepId]);
    if (!stepRows.has(stepId)) stepRows.set(stepId, view);
  }
  return [
    ...[...counts.values()].map(({ key, views: n }) => upsert.bind(...key, n)),
    ...[...visitorRows.values()].map((row) => seen.bind(...row)),
    ...[...stepRows.values()].map((x) => reached.bind(x.funnelId, x.day, x.visitor, x.stepId)),
  ];
}

/** Rolls a batch of view messages up into D1 in one batch; answers how many views counted. */
export async function rollUpViews(db: D1Database, bodies: readonly unknown[], now: number, random?: RandomBytes): Promise<number> {
  const views: ViewMessage[] = [];
  // A message is one view or, as src/serving/count-view.ts sends them, the views an isolate counted together.
  for (const body of bodies.flatMap((body) => (Array.isArray(body) ? body : [body]))) {
    const parsed = v.safeParse(ViewMessageSchema, body);
    if (parsed.success) views.push(parsed.output);
    else reportError(new Error('not a view message'), { where: 'view-consumer' });
  }
  const keyed = await keyViews(db, views, now, random);
  if (keyed.length > 0) await db.batch(rollupStatements(db, keyed));
  return keyed.length;
}

/** The queue handler of `edgefunnel-views` (../queues.ts): all of a batch counts, or all of it is retried. */
export async function consumeViews(batch: MessageBatch<unknown>, env: { DB: D1Database }): Promise<void> {
  try {
    await rollUpViews(
      env.DB,
      batch.messages.map((message) => message.body),
      Date.now(),
    );
    batch.ackAll();
  } catch (error) {
    reportError(error, { where: 'view-consumer', messages: batch.messages.length });
    batch.retryAll();
  }
}
