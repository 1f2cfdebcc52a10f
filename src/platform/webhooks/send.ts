/**
 * Handing outbox dispatches to the webhook queue. A sender first claims the rows (so two
 * senders at once do not both enqueue them), sends them, then marks them taken; a sender
 * that died leaves them claimed, and a claim older than CLAIM_STALE_MS is free again. Run
 * after every write call in waitUntil (./flush.ts) and by the scheduled sweep, which also
 * sends again what the queue took but never handed over (a lost message, a restarted
 * local worker).
 */
import type { Bindings } from '../env';

/** A queue message: one event for one endpoint. */
export interface WebhookMessage {
  event: string;
  webhook: string;
}

/** A claim older than this is taken to be a dead sender's. */
export const CLAIM_STALE_MS = 5 * 60_000;
/** A queued or retrying dispatch this far past its time was lost by the queue. */
export const LOST_AFTER_MS = 15 * 60_000;
/** Most messages one queue sendBatch takes. */
const SEND_BATCH = 100;

/** Enqueues up to `limit` unsent dispatches; answers how many the queue took. */
export async function sendPending(env: Pick<Bindings, 'DB' | 'WEBHOOK_QUEUE'>, now: number, limit = SEND_BATCH): Promise<number> {
  const queue = env.WEBHOOK_QUEUE;
  if (!queue) return 0;
  const { results } = await env.DB.prepare(
    `UPDATE webhook_dispatches SET claimed_at = ?1
     WHERE rowid IN (SELECT rowid FROM webhook_dispatches
                     WHERE status = 'queued' AND enqueued = 0 AND (claimed_at IS NULL OR claimed_at < ?2) LIMIT ?3)
     RETURNING event_id, webhook_id`,
  )
    .bind(now, now - CLAIM_STALE_MS, Math.min(limit, SEND_BATCH))
    .all<{ event_id: string; webhook_id: string }>();
  if (results.length === 0) return 0;
  const keys = JSON.stringify(results.map((row) => [row.event_id, row.webhook_id]));
  const claimed = `(event_id, webhook_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1)) AND claimed_at = ?2`;
  try {
    await queue.sendBatch(results.map((row) => ({ body: { event: row.event_id, webhook: row.webhook_id }, contentType: 'json' as const })));
  } catch (err) {
    await env.DB.prepare(`UPDATE webhook_dispatches SET claimed_at = NULL WHERE ${claimed}`).bind(keys, now).run();
    throw err;
  }
  await env.DB.prepare(`UPDATE webhook_dispatches SET enqueued = 1 WHERE ${claimed}`).bind(keys, now).run();
  return results.length;
}

/** Sends every unsent dispatch, batch after batch (at most `maxBatches`). */
export async function sendAllPending(env: Pick<Bindings, 'DB' | 'WEBHOOK_QUEUE'>, now: number, maxBatches = 50): Promise<number> {
  let sent = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await sendPending(env, now);
    sent += n;
    if (n < SEND_BATCH) break;
  }
  return sent;
}

/** Marks for sending again the dispatches the queue took but never handed over; answers how many. */
export async function requeueLost(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare(
      `UPDATE webhook_dispatches SET status = 'queued', enqueued = 0, claimed_at = NULL
       WHERE status IN ('queued', 'retrying') AND enqueued = 1 AND next_attempt_at < ?`,
    )
    .bind(now - LOST_AFTER_MS)
    .run();
  return result.meta.changes ?? 0;
}
