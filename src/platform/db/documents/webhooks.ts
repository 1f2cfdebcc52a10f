/**
 * Webhook endpoints (issue 27). Secrets are the server's to keep: a PUT without `secrets`
 * keeps the stored ones (or generates one for a new endpoint), and a secret sent again keeps
 * the time it was first stored. Which URLs are allowed is checked before the store, by the
 * route (../../admin/webhooks.ts), since it depends on the deployment. The system pauses an
 * endpoint that keeps failing (../../webhooks/consumer.ts); a PUT with `paused: false` unpauses it.
 */
import { id } from '../../../schemas/common';
import { type StoredSecret, type WebhookDocument, webhookDocument } from '../../../schemas/webhook';
import { newWebhookSecret } from '../../../lib/webhook-signing';
import { defineKind, json } from './kind';

/** The stored secrets of a webhook, oldest first; empty when there is none. */
export async function storedSecrets(db: D1Database, webhookId: string): Promise<StoredSecret[]> {
  const row = await db
    .prepare("SELECT json_extract(doc, '$.secrets') AS secrets FROM webhooks WHERE id = ?")
    .bind(webhookId)
    .first<{ secrets: string | null }>();
  return row?.secrets ? (JSON.parse(row.secrets) as StoredSecret[]) : [];
}

export const webhookKind = defineKind<WebhookDocument>({
  table: 'webhooks',
  idColumn: 'id',
  label: 'Webhook',
  schema: webhookDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: () => [],
  async complete(db, doc, { now, random }) {
    const stored = await storedSecrets(db, doc.id);
    const firstSeen = new Map(stored.map((s) => [s.secret, s.createdAt]));
    const sent = doc.secrets?.map((s) => (typeof s === 'string' ? { secret: s } : s));
    const secrets: StoredSecret[] = sent
      ? sent.map((s) => ({ secret: s.secret, createdAt: firstSeen.get(s.secret) ?? s.createdAt ?? now }))
      : stored.length > 0
        ? stored
        : [{ secret: newWebhookSecret(random), createdAt: now }];
    return { ...doc, secrets };
  },
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO webhooks (id, url, active, paused, doc, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, active = excluded.active, paused = excluded.paused,
           doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.url, doc.active ? 1 : 0, doc.paused ? 1 : 0, json(doc), now),
    // Unpaused by the seller: the failure count starts again, and what was held is sent
    // (by the outbox sender after this call), with 3 days of retries from now.
    db
      .prepare('UPDATE webhooks SET consecutive_failures = 0, failing_since = NULL, paused_at = NULL, paused_reason = NULL WHERE id = ? AND paused = 0')
      .bind(doc.id),
    db
      .prepare(
        `UPDATE webhook_dispatches SET status = 'queued', enqueued = 0, claimed_at = NULL, next_attempt_at = ?1, retry_from = ?1
         WHERE webhook_id = ?2 AND status = 'held' AND EXISTS (SELECT 1 FROM webhooks WHERE id = ?2 AND paused = 0 AND active = 1)`,
      )
      .bind(now, doc.id),
  ],
  remove: async (db, webhookId) => [db.prepare('DELETE FROM webhooks WHERE id = ?').bind(webhookId)],
  pagesAffected: async () => [],
});
