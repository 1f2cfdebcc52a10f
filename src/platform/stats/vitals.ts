/**
 * Storing real visitors' page speed (issue 28): one `page_vitals` row per metric a page
 * reported (migration 0021), under the day in the funnel's location zone; the statistics
 * answer the 75th percentile per page and variant (./queries.ts). The page must be one the
 * funnel shows (a step's page, or a split-test variant whose document names the funnel);
 * anything else is 404 and nothing is stored.
 */
import { VITAL_METRICS, type VitalsPayload } from '../../schemas/vitals';
import { todayIn } from '../../lib/time/today';
import { ApiError } from '../http';

export async function recordVitals(db: D1Database, payload: VitalsPayload, now: number): Promise<void> {
  const funnel = await db
    .prepare(
      `SELECT l.timezone FROM funnels f JOIN locations l ON l.id = f.location_id
       WHERE f.id = ?1 AND (EXISTS (SELECT 1 FROM pages WHERE id = ?2 AND funnel_id = ?1)
                            OR EXISTS (SELECT 1 FROM funnel_steps WHERE funnel_id = ?1 AND page_id = ?2))`,
    )
    .bind(payload.funnel_id, payload.page_id)
    .first<{ timezone: string }>();
  if (!funnel) throw new ApiError(404, 'Page not found');
  const day = todayIn(funnel.timezone, now);
  const insert = db.prepare('INSERT INTO page_vitals (funnel_id, day, page_id, variant_id, metric, value, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  await db.batch(
    VITAL_METRICS.flatMap((metric) => {
      const value = payload[metric];
      return value === undefined ? [] : [insert.bind(payload.funnel_id, day, payload.page_id, payload.variant_id ?? '', metric, value, now)];
    }),
  );
}

/** How long speed samples are kept: a year, and the month a seller compares it with. */
export const VITALS_KEPT_MS = 400 * 86_400_000;

/** Deletes the samples older than VITALS_KEPT_MS (the hourly cron); answers how many. */
export async function sweepVitals(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare('DELETE FROM page_vitals WHERE created_at < ?')
    .bind(now - VITALS_KEPT_MS)
    .run();
  return result.meta.changes ?? 0;
}
