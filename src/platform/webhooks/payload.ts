/**
 * An event as receivers get it: `{id, type, timestamp, data}`, where `data` is its record
 * shaped as a seller reads it in the results API (../results/shape.ts, the contact record of
 * ../results/contact-record.ts), so a field added there shows in webhooks too, with the ids
 * of the record's consent records and the event's detail. Built when the event is first sent
 * and kept, so every attempt and replay of an event sends the same bytes.
 */
import { contactRecord } from '../results/contact-record';
import { KIND_SPECS } from '../results/kinds';
import { shapeContext } from '../results/list';
import type { ResultKind } from '../results/query';
import { type Row, SHAPERS } from '../results/shape';
import type { WebhookEventPayload } from '../services/webhook-delivery';
import type { RecordKind } from './outbox';

export interface EventRow {
  id: string;
  type: string;
  record_kind: string;
  record_id: string;
  detail: string;
  payload: string | null;
  created_at: number;
}

const LISTS: Record<Exclude<RecordKind, 'contact'>, ResultKind> = {
  submission: 'submissions',
  appointment: 'appointments',
  order: 'orders',
};

async function consentIds(db: D1Database, subjectId: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT id FROM consent_records WHERE subject_id = ? ORDER BY created_at, id').bind(subjectId).all<{ id: string }>();
  return results.map((row) => row.id);
}

/** The record as the results API shapes it; `{id}` alone when it is gone. */
export async function recordOf(db: D1Database, kind: string, id: string): Promise<Record<string, unknown>> {
  const ctx = shapeContext(db);
  if (kind === 'contact') {
    const found = await contactRecord(db, id, ctx).catch(() => null);
    return found ? { ...found.contact, consentIds: found.consents.map((c) => c.id) } : { id };
  }
  const list = LISTS[kind as keyof typeof LISTS];
  if (!list) return { id };
  const spec = KIND_SPECS[list];
  const row = await db.prepare(`SELECT ${spec.columns} FROM ${spec.from} WHERE t.id = ?`).bind(id).first<Row>();
  if (!row) return { id };
  const [item] = await SHAPERS[list]([row], ctx);
  return { ...item, consentIds: await consentIds(db, id) };
}

/** The event's payload: the one kept, or built now and kept (a racing builder's kept copy wins). */
export async function eventPayload(db: D1Database, event: EventRow): Promise<WebhookEventPayload> {
  if (event.payload) return JSON.parse(event.payload) as WebhookEventPayload;
  const detail = JSON.parse(event.detail) as Record<string, unknown>;
  const payload: WebhookEventPayload = {
    id: event.id,
    type: event.type,
    timestamp: new Date(event.created_at).toISOString(),
    data: { ...(await recordOf(db, event.record_kind, event.record_id)), ...detail },
  };
  const kept = await db
    .prepare('UPDATE webhook_events SET payload = COALESCE(payload, ?) WHERE id = ? RETURNING payload')
    .bind(JSON.stringify(payload), event.id)
    .first<{ payload: string }>();
  return kept ? (JSON.parse(kept.payload) as WebhookEventPayload) : payload;
}
