/** What `GET /admin/v1/status` tells of webhooks: the paused endpoints and how many dispatches wait, are held or dead. */
export interface WebhookStatus {
  paused: { id: string; url: string; pausedAt: string | null; reason: string | null; held: number }[];
  dispatches: { queued: number; retrying: number; held: number; dead: number };
}

export async function webhookStatus(db: D1Database): Promise<WebhookStatus> {
  const [paused, counts] = await db.batch([
    db.prepare(
      `SELECT w.id, w.url, w.paused_at, w.paused_reason,
              (SELECT count(*) FROM webhook_dispatches d WHERE d.webhook_id = w.id AND d.status = 'held') AS held
       FROM webhooks w WHERE w.paused = 1 ORDER BY w.id LIMIT 100`,
    ),
    db.prepare("SELECT status, count(*) AS n FROM webhook_dispatches WHERE status IN ('queued', 'retrying', 'held', 'dead') GROUP BY status"),
  ]);
  const dispatches = { queued: 0, retrying: 0, held: 0, dead: 0 };
  for (const row of (counts?.results ?? []) as { status: keyof typeof dispatches; n: number }[]) dispatches[row.status] = row.n;
  return {
    paused: ((paused?.results ?? []) as { id: string; url: string; paused_at: number | null; paused_reason: string | null; held: number }[]).map((row) => ({
      id: row.id,
      url: row.url,
      pausedAt: row.paused_at === null ? null : new Date(row.paused_at).toISOString(),
      reason: row.paused_reason,
      held: row.held,
    })),
    dispatches,
  };
}
