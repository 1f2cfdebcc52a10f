/**
 * The webhook outbox (issue 27): the statements that record an event in the SAME D1 batch
 * as the record it reports, so an event exists exactly when its record was written. The
 * event row is written only when an active endpoint subscribes to its type, with one
 * dispatch row per such endpoint (`held` for a paused one). Sending happens after the batch
 * (./send.ts, in waitUntil) and again from the scheduled sweep for what the queue never took.
 */
import { cryptoRandom, newId, type RandomBytes } from '../../lib/ids';
import type { WebhookEvent } from '../../schemas/webhook';

/** The record an event reports, read by ./payload.ts when the event is first sent. */
export type RecordKind = 'contact' | 'submission' | 'appointment' | 'order';

/** A value of the batch's SQL: a literal, or an expression with its parameters (a contact's `idSql`). */
export type SqlValue = string | null | { sql: string; params: unknown[] };

export interface OutboxEvent {
  /** The event's type, or an SQL expression that names it (contact.created or contact.updated). */
  type: WebhookEvent | { sql: string; params: unknown[] };
  kind: RecordKind;
  recordId: SqlValue;
  /** The record's contact; by default the record's own `contact_id` (a contact's own id for a contact). */
  contactId?: SqlValue;
  /** What the record alone does not say, merged into the event's data. */
  detail?: Record<string, unknown>;
  /** A condition the batch must meet at this statement for the event to exist (the record changed). */
  when?: { sql: string; params: unknown[] };
}

const TABLES: Record<RecordKind, string> = {
  contact: 'contacts',
  submission: 'submissions',
  appointment: 'appointments',
  order: 'orders',
};

const expr = (value: SqlValue) => (value !== null && typeof value === 'object' ? value : { sql: '?', params: [value] });

/** A subscription test: the endpoint is active and lists the type, or `*`. */
export const SUBSCRIBES = "w.active = 1 AND EXISTS (SELECT 1 FROM json_each(w.doc, '$.events') j WHERE j.value IN ('*', e_type))";

/** The contact.created / contact.updated type of a contact write: created when the row has the id the write would insert. */
export function contactEventType(contactIdSql: { sql: string; params: unknown[] }, newContactId: string) {
  return { sql: `CASE WHEN ${contactIdSql.sql} = ? THEN 'contact.created' ELSE 'contact.updated' END`, params: [...contactIdSql.params, newContactId] };
}

/** The contact.created or contact.updated event of a contact write (../services/contacts.ts). */
export function contactEvent(write: { idSql: { sql: string; params: unknown[] }; newId: string }): OutboxEvent {
  return { type: contactEventType(write.idSql, write.newId), kind: 'contact', recordId: write.idSql };
}

/**
 * The two statements of one event: the event row (when its record exists, `when` holds and
 * someone listens) and its dispatches. Answers them with the event's id.
 */
export function outboxStatements(
  db: D1Database,
  event: OutboxEvent,
  now: number,
  random: RandomBytes = cryptoRandom,
): { id: string; statements: D1PreparedStatement[] } {
  const id = newId('evt', random);
  const type = expr(event.type);
  const record = expr(event.recordId);
  const contact = event.contactId !== undefined ? expr(event.contactId) : null;
  const contactSql = contact ? contact.sql : event.kind === 'contact' ? 'r_id' : `(SELECT contact_id FROM ${TABLES[event.kind]} WHERE id = r_id)`;
  const when = event.when ?? { sql: '1', params: [] };
  const insert = db
    .prepare(
      `INSERT INTO webhook_events (id, type, record_kind, record_id, contact_id, detail, created_at)
       SELECT ?, e_type, ?, r_id, ${contactSql}, ?, ?
       FROM (SELECT ${type.sql} AS e_type, ${record.sql} AS r_id)
       WHERE r_id IS NOT NULL AND (${when.sql})
         AND EXISTS (SELECT 1 FROM webhooks w WHERE ${SUBSCRIBES})`,
    )
    // Parameters in the order their `?` appear in the text.
    .bind(id, event.kind, ...(contact?.params ?? []), JSON.stringify(event.detail ?? {}), now, ...type.params, ...record.params, ...when.params);
  const fanOut = db
    .prepare(
      `INSERT INTO webhook_dispatches (event_id, webhook_id, status, next_attempt_at, retry_from, created_at)
       SELECT e.id, w.id, CASE WHEN w.paused = 1 THEN 'held' ELSE 'queued' END, e.created_at, e.created_at, e.created_at
       FROM (SELECT id, created_at, type AS e_type FROM webhook_events WHERE id = ?) e JOIN webhooks w ON ${SUBSCRIBES}`,
    )
    .bind(id);
  return { id, statements: [insert, fanOut] };
}

/** The statements of several events, in order. */
export function outboxBatch(db: D1Database, events: readonly OutboxEvent[], now: number, random: RandomBytes = cryptoRandom): D1PreparedStatement[] {
  return events.flatMap((event) => outboxStatements(db, event, now, random).statements);
}
