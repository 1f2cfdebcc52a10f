/**
 * How long webhook events are kept (issue 27): an event goes, with its dispatches and logged
 * attempts, 30 days after its last dispatch settled (delivered), 90 days when one of them
 * is dead; one still queued, retrying or held is never deleted. Run by the scheduled sweep.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const KEEP_SETTLED_MS = 30 * DAY_MS;
export const KEEP_DEAD_MS = 90 * DAY_MS;
/** Events one round deletes; the sweep runs a few rounds. */
const ROUND = 200;

/** Deletes the events past their keeping time; answers how many went. */
export async function sweepWebhookEvents(db: D1Database, now: number, rounds = 10): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < rounds; round++) {
    const { results } = await db
      .prepare(
        `SELECT e.id FROM webhook_events e
         WHERE NOT EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = e.id AND d.status IN ('queued', 'retrying', 'held'))
           AND COALESCE((SELECT max(d.settled_at) FROM webhook_dispatches d WHERE d.event_id = e.id), e.created_at)
               < CASE WHEN EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = e.id AND d.status = 'dead') THEN ?1 ELSE ?2 END
         LIMIT ?3`,
      )
      .bind(now - KEEP_DEAD_MS, now - KEEP_SETTLED_MS, ROUND)
      .all<{ id: string }>();
    if (results.length === 0) break;
    const ids = JSON.stringify(results.map((row) => row.id));
    await db.batch(
      ['webhook_deliveries', 'webhook_dispatches']
        .map((table) => db.prepare(`DELETE FROM ${table} WHERE event_id IN (SELECT value FROM json_each(?))`).bind(ids))
        .concat(db.prepare('DELETE FROM webhook_events WHERE id IN (SELECT value FROM json_each(?))').bind(ids)),
    );
    deleted += results.length;
    if (results.length < ROUND) break;
  }
  // Attempts of events never kept as rows (test sends logged before the outbox existed).
  await db
    .prepare('DELETE FROM webhook_deliveries WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_events e WHERE e.id = webhook_deliveries.event_id)')
    .bind(now - KEEP_DEAD_MS)
    .run();
  return deleted;
}
