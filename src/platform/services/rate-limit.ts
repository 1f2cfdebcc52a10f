/**
 * Fixed-window rate limits in D1 (table `rate_limits`): one row per bucket, counted and
 * checked in the same statement, so concurrent requests never both slip under the limit.
 * A bucket's key names what is limited (e.g. `ip:form:{id}:{ip}`).
 *
 * Each row keeps when its window ends (`expires_at`); the scheduled sweep (src/worker.ts)
 * deletes ended ones, so the table holds only live counters.
 *
 * RATE_LIMIT_SCALE multiplies every limit: an operator whose visitors share an address (a
 * school, an office behind one NAT) can loosen them, and the browser tests, which send every
 * request from 127.0.0.1 within minutes, run with a large scale. The API tests keep 1.
 */

/** One limit: at most `limit` hits per `windowMs` in the bucket `key`. */
export interface RateBucket {
  key: string;
  windowMs: number;
  limit: number;
}

const windowStart = (b: RateBucket, now: number) => Math.floor(now / b.windowMs) * b.windowMs;

/** The multiplier of every limit: RATE_LIMIT_SCALE when it is a positive number, else 1. */
export function rateLimitScale(env: { RATE_LIMIT_SCALE?: string | undefined }): number {
  const scale = Number(env.RATE_LIMIT_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** Counts one hit in each bucket; true when any is over its limit (times `scale`). */
export async function overLimit(db: D1Database, buckets: readonly RateBucket[], now: number, scale = 1): Promise<boolean> {
  const statements = buckets.map((b) =>
    db
      .prepare(
        `INSERT INTO rate_limits (bucket, window_start, hits, expires_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
           window_start = excluded.window_start,
           expires_at = excluded.expires_at
         RETURNING hits`,
      )
      .bind(b.key, windowStart(b, now), windowStart(b, now) + b.windowMs),
  );
  const results = await db.batch<{ hits: number }>(statements);
  return results.some((r, i) => (r.results[0]?.hits ?? 0) > (buckets[i]?.limit ?? Number.POSITIVE_INFINITY) * scale);
}

/** A counter written before rows knew their expiry is kept this long after its window began. */
const LEGACY_ROW_MS = 24 * 60 * 60 * 1000;

/** Deletes the counters whose window has ended (the scheduled sweep); answers how many. */
export async function sweepRateLimits(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare('DELETE FROM rate_limits WHERE COALESCE(expires_at, window_start + ?) <= ?').bind(LEGACY_ROW_MS, now).run();
  return result.meta.changes ?? 0;
}
