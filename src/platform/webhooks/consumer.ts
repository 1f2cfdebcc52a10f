/**
 * The consumer of the `edgefunnel-webhooks` queue: each message is one event for one
 * endpoint. It posts the event (signed, 10 s to answer, every attempt logged by
 * ../services/webhook-delivery.ts); a failure is retried by the queue with growing delays
 * for 3 days (../../lib/webhook-retry.ts), then the dispatch is dead and its message goes to
 * the dead-letter queue. An endpoint that keeps failing is paused: its dispatches are held
 * until the seller unpauses it (PUT). The consumer of the dead-letter queue marks dead what
 * the platform moved there itself (a consumer that kept crashing).
 */
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { reportError } from '../../lib/report-error';
import { retryDelaySeconds, retryScale, shouldPause } from '../../lib/webhook-retry';
import { webhookUrlProblem } from '../../lib/webhook-url';
import type { StoredSecret } from '../../schemas/webhook';
import type { Bindings } from '../env';
import { deliver } from '../services/webhook-delivery';
import { type EventRow, eventPayload } from './payload';
import type { WebhookMessage } from './send';

interface DispatchRow extends EventRow {
  status: string;
  attempts: number;
  retry_from: number;
  url: string | null;
  active: number | null;
  paused: number | null;
  secrets: string | null;
}

/** What became of one message: acknowledged, or to be retried after `retryIn` seconds. */
type Outcome = { retryIn?: number };

/** Seconds before a message whose handling threw (D1 unavailable) is tried again. */
const ERROR_RETRY_S = 60;

const isMessage = (body: unknown): body is WebhookMessage =>
  typeof body === 'object' && body !== null && typeof (body as WebhookMessage).event === 'string' && typeof (body as WebhookMessage).webhook === 'string';

async function dispatchOf(db: D1Database, message: WebhookMessage): Promise<DispatchRow | null> {
  return db
    .prepare(
      `SELECT d.status, d.attempts, d.retry_from, e.id, e.type, e.record_kind, e.record_id, e.detail, e.payload, e.created_at,
              w.url, w.active, w.paused, json_extract(w.doc, '$.secrets') AS secrets
       FROM webhook_dispatches d JOIN webhook_events e ON e.id = d.event_id LEFT JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.event_id = ? AND d.webhook_id = ?`,
    )
    .bind(message.event, message.webhook)
    .first<DispatchRow>();
}

const settle = (db: D1Database, m: WebhookMessage, status: 'delivered' | 'dead' | 'held', attempts: number, now: number) =>
  db
    .prepare(
      `UPDATE webhook_dispatches SET status = ?1, attempts = ?2, settled_at = CASE WHEN ?1 = 'held' THEN NULL ELSE ?3 END
       WHERE event_id = ?4 AND webhook_id = ?5`,
    )
    .bind(status, attempts, now, m.event, m.webhook);

/** Counts a failed attempt against the endpoint and pauses it when it keeps failing; answers whether it is now paused. */
async function countFailure(db: D1Database, webhookId: string, now: number, dead: boolean): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE webhooks SET consecutive_failures = consecutive_failures + 1, failing_since = COALESCE(failing_since, ?)
       WHERE id = ? RETURNING consecutive_failures, failing_since`,
    )
    .bind(now, webhookId)
    .first<{ consecutive_failures: number; failing_since: number | null }>();
  if (!row || !(dead || shouldPause(row.consecutive_failures, row.failing_since, now))) return false;
  const reason = dead ? 'A delivery failed for 3 days' : `${row.consecutive_failures} failed attempts in a row`;
  await db
    .prepare(
      `UPDATE webhooks SET paused = 1, paused_at = ?1, paused_reason = ?2,
         doc = json_set(doc, '$.paused', json('true'), '$.pausedAt', ?3, '$.pausedReason', ?2)
       WHERE id = ?4 AND paused = 0`,
    )
    .bind(now, reason, new Date(now).toISOString(), webhookId)
    .run();
  return true;
}

/** Tries one dispatch once. */
export async function attemptDispatch(env: Bindings, message: WebhookMessage, now: number, random: RandomBytes = cryptoRandom): Promise<Outcome> {
  const db = env.DB;
  const row = await dispatchOf(db, message);
  if (!row || row.status === 'delivered' || row.status === 'dead') return {};
  if (row.url === null) {
    await settle(db, message, 'dead', row.attempts, now).run(); // the endpoint was deleted
    return {};
  }
  if (row.active !== 1 || row.paused === 1) {
    await settle(db, message, 'held', row.attempts, now).run();
    return {};
  }
  const payload = await eventPayload(db, row);
  const attempts = row.attempts + 1;
  const problem = webhookUrlProblem(row.url, { allowLocalhost: env.WEBHOOKS_ALLOW_LOCALHOST === 'true' });
  const target = { id: message.webhook, url: row.url, secrets: JSON.parse(row.secrets ?? '[]') as StoredSecret[] };
  const result = problem ? null : await deliver(db, target, payload, { now, random, attempt: attempts });
  if (result?.delivered) {
    await db.batch([
      settle(db, message, 'delivered', attempts, now),
      db.prepare('UPDATE webhooks SET consecutive_failures = 0, failing_since = NULL WHERE id = ?').bind(message.webhook),
    ]);
    return {};
  }
  const delay = retryDelaySeconds(attempts, row.retry_from, now, retryScale(env.WEBHOOK_RETRY_SCALE));
  const paused = await countFailure(db, message.webhook, now, delay === null);
  if (delay === null) {
    await settle(db, message, 'dead', attempts, now).run();
    await env.WEBHOOK_DLQ?.send({ ...message, reason: problem ?? `Not delivered in 3 days (${attempts} attempts)` }, { contentType: 'json' });
    return {};
  }
  if (paused) {
    await settle(db, message, 'held', attempts, now).run();
    return {};
  }
  await db
    .prepare("UPDATE webhook_dispatches SET status = 'retrying', attempts = ?, next_attempt_at = ? WHERE event_id = ? AND webhook_id = ?")
    .bind(attempts, now + delay * 1000, message.event, message.webhook)
    .run();
  return { retryIn: delay };
}

/** The `edgefunnel-webhooks` consumer: the messages of a batch at once, each acknowledged or retried. */
export async function consumeWebhooks(batch: MessageBatch<unknown>, env: Bindings, now: number = Date.now()): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      if (!isMessage(message.body)) return message.ack();
      try {
        const { retryIn } = await attemptDispatch(env, message.body, now);
        if (retryIn === undefined) message.ack();
        else message.retry({ delaySeconds: retryIn });
      } catch (err) {
        reportError(err, { queue: batch.queue, message: message.body });
        message.retry({ delaySeconds: ERROR_RETRY_S });
      }
    }),
  );
}

/** The `edgefunnel-webhooks-dlq` consumer: what the platform moved there is dead. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Bindings, now: number = Date.now()): Promise<void> {
  for (const message of batch.messages) {
    if (isMessage(message.body)) {
      await env.DB.prepare(
        "UPDATE webhook_dispatches SET status = 'dead', settled_at = ? WHERE event_id = ? AND webhook_id = ? AND status NOT IN ('delivered', 'dead')",
      )
        .bind(now, message.body.event, message.body.webhook)
        .run();
    }
    message.ack();
  }
}
