/**
 * The webhook calls of the admin API (issue 27) beside the generic document routes:
 *   PUT  /admin/v1/webhooks/{id}             the URL checked against the deployment's rules
 *                                            (../../lib/webhook-url.ts), then stored as any kind
 *   POST /admin/v1/webhooks/{id}/test        sends a signed `webhook.test` event and answers
 *                                            {delivered, status, duration_ms, delivery_id}
 *   GET  /admin/v1/webhooks/{id}/deliveries  the logged attempts, newest first
 *   POST /admin/v1/webhook-deliveries/{id}/replay  sends a logged attempt's event again (a new
 *                                            attempt, the same webhook-id), answered as the test
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { id } from '../../schemas/common';
import type { StoredSecret } from '../../schemas/webhook';
import { newId } from '../../lib/ids';
import { webhookUrlProblem } from '../../lib/webhook-url';
import type { AppEnv, Bindings } from '../env';
import { ApiError, parseWith, readJson } from '../http';
import { deliver } from '../services/webhook-delivery';
import { replayDelivery } from '../webhooks/replay';
import { putDocument } from './store';

const WEBHOOK_JSON_LIMIT = 64 * 1024;
/** Most attempts one listing answers. */
const DELIVERIES_LIMIT = 100;

const allowLocalhost = (env: Bindings) => env.WEBHOOKS_ALLOW_LOCALHOST === 'true';

/** Throws a 400 naming the rule when the body's url may not receive webhooks. */
function assertUrlAllowed(env: Bindings, body: unknown): void {
  const url = (body as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return; // the schema names what is wrong
  const problem = webhookUrlProblem(url.trim(), { allowLocalhost: allowLocalhost(env) });
  if (problem) throw new ApiError(400, problem, 'url');
}

/** A 409 when a stored URL may no longer receive webhooks (stored before the rules changed, or by another deployment). */
function assertStoredUrlAllowed(env: Bindings, url: string): void {
  const problem = webhookUrlProblem(url, { allowLocalhost: allowLocalhost(env) });
  if (problem) throw new ApiError(409, `The stored ${problem}; store the webhook again with an allowed url`, 'url');
}

interface WebhookRow {
  id: string;
  url: string;
  secrets: string;
}

async function findWebhook(db: D1Database, webhookId: string): Promise<{ id: string; url: string; secrets: StoredSecret[] }> {
  const row = await db.prepare("SELECT id, url, json_extract(doc, '$.secrets') AS secrets FROM webhooks WHERE id = ?").bind(webhookId).first<WebhookRow>();
  if (!row) throw new ApiError(404, `Webhook ${webhookId} does not exist`);
  return { id: row.id, url: row.url, secrets: JSON.parse(row.secrets) as StoredSecret[] };
}

const pathId = (raw: string | undefined) => parseWith(v.pipe(v.string(), id), raw ?? '');

export function addWebhookRoutes(admin: Hono<AppEnv>): void {
  admin.put('/v1/webhooks/:id', async (c) => {
    const body = await readJson(c.req.raw, WEBHOOK_JSON_LIMIT);
    assertUrlAllowed(c.env, body);
    const result = await putDocument(c.env.DB, 'webhooks', c.req.param('id'), body, c.var.now, c.var.random);
    return c.json({ kind: 'webhooks', id: result.id, created: result.created, cachePurged: true }, result.created ? 201 : 200);
  });

  admin.post('/v1/webhooks/:id/test', async (c) => {
    const webhook = await findWebhook(c.env.DB, pathId(c.req.param('id')));
    assertStoredUrlAllowed(c.env, webhook.url);
    const event = {
      id: newId('evt', c.var.random),
      type: 'webhook.test',
      timestamp: new Date(c.var.now).toISOString(),
      data: { webhookId: webhook.id, message: 'A test event from Edgefunnel' },
    };
    // Kept like any event (without dispatches), so the attempt can be replayed.
    await c.env.DB.prepare("INSERT INTO webhook_events (id, type, record_kind, record_id, payload, created_at) VALUES (?, ?, 'test', ?, ?, ?)")
      .bind(event.id, event.type, webhook.id, JSON.stringify(event), c.var.now)
      .run();
    return c.json(await deliver(c.env.DB, webhook, event, { now: c.var.now, random: c.var.random }));
  });

  admin.post('/v1/webhook-deliveries/:id/replay', async (c) => {
    const deliveryId = pathId(c.req.param('id'));
    const logged = await c.env.DB.prepare('SELECT webhook_id, event_id FROM webhook_deliveries WHERE id = ?')
      .bind(deliveryId)
      .first<{ webhook_id: string; event_id: string }>();
    if (!logged) throw new ApiError(404, `Delivery ${deliveryId} does not exist`);
    const webhook = await findWebhook(c.env.DB, logged.webhook_id);
    assertStoredUrlAllowed(c.env, webhook.url);
    return c.json(await replayDelivery(c.env.DB, webhook, logged.event_id, { now: c.var.now, random: c.var.random }));
  });

  admin.get('/v1/webhooks/:id/deliveries', async (c) => {
    const webhook = await findWebhook(c.env.DB, pathId(c.req.param('id')));
    const rows = await c.env.DB.prepare(
      `SELECT id, event_id, event_type, attempt, status, duration_ms, response_snippet, error, created_at
       FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    )
      .bind(webhook.id, DELIVERIES_LIMIT)
      .all();
    return c.json({ items: rows.results });
  });
}
