/**
 * Privacy requests (issue 27): everything held about one contact, and its erasure.
 * What belongs to a contact: its row; submissions with its id (and those of its
 * appointments); its appointments and orders (with their items and payments); the sessions
 * and funnel events of its fingerprints; the uploads of its submissions. Erasure replaces
 * the personal data with null or ERASED and keeps ids, amounts, currencies, statuses,
 * timestamps and counts; it deletes the uploads' R2 objects first, so a failure leaves the
 * rows as they were and the request can simply be repeated.
 */
import { ApiError } from '../http';
import { outboxBatch } from '../webhooks/outbox';
import { contactConsents, eraseConsentStatements } from './consent-records';

export const ERASED = '[erased]';

type Row = Record<string, unknown>;

/** What the queries below need to find a contact's rows, bound as JSON arrays. */
interface Reach {
  contact: Row;
  submissionIds: string[];
  fingerprints: string[];
  sessionIds: string[];
}

const JSON_COLUMNS = new Set(['data', 'custom_fields', 'payment', 'product_ids']);

/** A row with its JSON text columns parsed. */
function readable(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (JSON_COLUMNS.has(key) && typeof value === 'string') {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: answered as the text it is.
      }
    }
    out[key] = value;
  }
  return out;
}

const texts = (rows: Row[], key: string) => rows.map((r) => r[key]).filter((x): x is string => typeof x === 'string' && x !== '');
const unique = (list: string[]) => JSON.stringify([...new Set(list)]);

async function all(db: D1Database, sql: string, ...binds: unknown[]): Promise<Row[]> {
  return (
    await db
      .prepare(sql)
      .bind(...binds)
      .all<Row>()
  ).results;
}

async function reachOf(db: D1Database, contactId: string): Promise<Reach & { appointments: Row[]; orders: Row[] }> {
  const contact = await db.prepare('SELECT * FROM contacts WHERE id = ?').bind(contactId).first<Row>();
  if (!contact) throw new ApiError(404, `No contact ${contactId.slice(0, 64)}`);
  const appointments = await all(db, 'SELECT * FROM appointments WHERE contact_id = ? ORDER BY start_time, id', contactId);
  const orders = await all(db, 'SELECT * FROM orders WHERE contact_id = ? ORDER BY created_at, id', contactId);
  const submissions = await all(db, 'SELECT id FROM submissions WHERE contact_id = ?', contactId);
  const submissionIds = [...texts(submissions, 'id'), ...texts(appointments, 'submission_id')];
  const fingerprints = [...texts([contact], 'fingerprint'), ...texts(appointments, 'fingerprint'), ...texts(orders, 'fingerprint')];
  return { contact, appointments, orders, submissionIds, fingerprints, sessionIds: texts(orders, 'session_id') };
}

/** `IN` a list bound as one JSON array (D1 binds at most 100 values). */
const IN_LIST = 'IN (SELECT value FROM json_each(?))';

/** Everything held about contact `contactId`; `linkFor` makes each upload's download link. */
export async function exportContact(
  db: D1Database,
  contactId: string,
  linkFor: (uploadId: string) => Promise<{ url: string; expires_at: number }>,
): Promise<Row> {
  const reach = await reachOf(db, contactId);
  const subs = unique(reach.submissionIds);
  const fps = unique(reach.fingerprints);
  const [submissions, orderItems, payments, sessions, events, uploads] = await Promise.all([
    all(db, `SELECT * FROM submissions WHERE id ${IN_LIST} ORDER BY created_at, id`, subs),
    all(db, 'SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.contact_id = ? ORDER BY i.order_id', contactId),
    all(db, 'SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.contact_id = ? ORDER BY p.created_at, p.id', contactId),
    all(db, `SELECT * FROM sessions WHERE fingerprint ${IN_LIST} OR id ${IN_LIST} ORDER BY created_at, id`, fps, unique(reach.sessionIds)),
    all(db, `SELECT * FROM funnel_events WHERE contact_id = ? OR fingerprint ${IN_LIST} ORDER BY created_at, id`, contactId, fps),
    all(
      db,
      `SELECT id, owner_kind, owner_id, field, filename, content_type, size, created_at FROM uploads WHERE owner_id ${IN_LIST} ORDER BY created_at, id`,
      subs,
    ),
  ]);
  const files = await Promise.all(uploads.map(async (u) => ({ ...u, link: u.filename === ERASED ? null : await linkFor(String(u.id)) })));
  return {
    contact: readable(reach.contact),
    erased: reach.contact.erased_at !== null,
    submissions: submissions.map(readable),
    appointments: reach.appointments.map(readable),
    orders: reach.orders.map((o) => ({
      ...readable(o),
      items: orderItems.filter((i) => i.order_id === o.id),
      payments: payments.filter((p) => p.order_id === o.id).map(readable),
    })),
    sessions,
    funnel_events: events.map(readable),
    consents: await contactConsents(db, contactId, 'oldest'),
    files,
  };
}

/**
 * Erases contact `contactId`'s personal data in every table and deletes its files from R2.
 * Answers how many files were deleted now (0 when they already were).
 */
export async function eraseContact(db: D1Database, bucket: R2Bucket, contactId: string, now: number): Promise<{ filesDeleted: number }> {
  const reach = await reachOf(db, contactId);
  const subs = unique(reach.submissionIds);
  const fps = unique(reach.fingerprints);
  const uploads = await all(db, `SELECT object_key, filename FROM uploads WHERE owner_id ${IN_LIST}`, subs);
  if (uploads.length > 0) await bucket.delete(texts(uploads, 'object_key'));
  // Free-text reports of failed bookings carry what the visitor typed; they name no contact,
  // so the ones holding its email or phone are found by those.
  const identifiers = JSON.stringify([...texts([reach.contact], 'email'), ...texts([reach.contact], 'phone')]);
  const consents = await eraseConsentStatements(db, contactId);
  await db.batch([
    ...consents,
    db.prepare(`UPDATE uploads SET filename = ? WHERE owner_id ${IN_LIST}`).bind(ERASED, subs),
    db.prepare(`UPDATE submissions SET data = '{"erased":true}', first_touch = NULL, last_touch = NULL WHERE id ${IN_LIST}`).bind(subs),
    db
      .prepare(
        'UPDATE appointments SET notes = NULL, cancel_reason = NULL, fingerprint = NULL, first_touch = NULL, last_touch = NULL, updated_at = ? WHERE contact_id = ?',
      )
      .bind(now, contactId),
    db
      .prepare(
        'UPDATE orders SET fingerprint = NULL, provider_customer = NULL, payment_method = NULL, membership_token = NULL, first_touch = NULL, last_touch = NULL, updated_at = ? WHERE contact_id = ?',
      )
      .bind(now, contactId),
    db.prepare('DELETE FROM payment_customers WHERE contact_id = ?').bind(contactId),
    db.prepare(`UPDATE sessions SET fingerprint = NULL WHERE fingerprint ${IN_LIST} OR id ${IN_LIST}`).bind(fps, unique(reach.sessionIds)),
    db
      .prepare(
        `UPDATE funnel_events SET fingerprint = NULL, old_fingerprint = NULL, data = '{}',
           page_url = CASE WHEN instr(page_url, '?') > 0 THEN substr(page_url, 1, instr(page_url, '?') - 1) ELSE page_url END
         WHERE contact_id = ?1 OR fingerprint ${IN_LIST.replace('?', '?2')} OR old_fingerprint ${IN_LIST.replace('?', '?2')}`,
      )
      .bind(contactId, fps),
    db.prepare(`UPDATE booking_errors SET data = '{}' WHERE EXISTS (SELECT 1 FROM json_each(?) WHERE instr(booking_errors.data, value) > 0)`).bind(identifiers),
    db
      .prepare(
        `UPDATE contacts SET email = NULL, phone = NULL, first_name = NULL, last_name = NULL, full_name = ?, company_name = NULL,
           address1 = NULL, city = NULL, state = NULL, country = NULL, postal_code = NULL, website = NULL, date_of_birth = NULL,
           timezone = NULL, source = NULL, fingerprint = NULL, custom_fields = '{}', first_touch = NULL, last_touch = NULL, erased_at = COALESCE(erased_at, ?), updated_at = ?
         WHERE id = ?`,
      )
      .bind(ERASED, now, now, contactId),
    // The payloads kept for its pending events hold what was just erased: rebuilt from the erased records if sent again.
    db.prepare("UPDATE webhook_events SET payload = NULL WHERE contact_id = ? AND type != 'contact.erased'").bind(contactId),
    // Reported once, by the erasure that set erased_at.
    ...outboxBatch(
      db,
      [
        {
          type: 'contact.erased',
          kind: 'contact',
          recordId: contactId,
          detail: { erasedAt: new Date(now).toISOString() },
          when: { sql: 'EXISTS (SELECT 1 FROM contacts WHERE id = ? AND erased_at = ?)', params: [contactId, now] },
        },
      ],
      now,
    ),
  ]);
  return { filesDeleted: uploads.filter((u) => u.filename !== ERASED).length };
}
