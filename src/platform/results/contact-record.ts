/**
 * One contact whole: its details and everything it did (submissions, appointments, orders),
 * oldest first, shaped as the lists shape them, and its consent records.
 */
import { ApiError } from '../http';
import { contactConsents } from '../services/consent-records';
import { KIND_SPECS } from './kinds';
import type { ResultKind } from './query';
import { type Item, type Row, SHAPERS, type ShapeContext } from './shape';

/** Most rows of each kind one record answers; the lists page through the rest. */
const RECORD_LIMIT = 500;

async function rowsOf(db: D1Database, kind: ResultKind, contactId: string): Promise<Row[]> {
  const spec = KIND_SPECS[kind];
  const { results } = await db
    .prepare(`SELECT ${spec.columns} FROM ${spec.from} WHERE t.contact_id = ? ORDER BY t.created_at, t.id LIMIT ?`)
    .bind(contactId, RECORD_LIMIT)
    .all<Row>();
  return results;
}

export async function contactRecord(db: D1Database, id: string, ctx: ShapeContext) {
  const row = await db.prepare('SELECT * FROM contacts WHERE id = ?').bind(id).first<Row>();
  if (!row) throw new ApiError(404, `Contact ${id.slice(0, 120)} not found`);
  const [submissions, appointments, orders] = await Promise.all(
    (['submissions', 'appointments', 'orders'] as const).map(async (kind) => SHAPERS[kind](await rowsOf(db, kind, id), ctx)),
  );
  const tagged = (type: string, items: Item[] = []) => items.map((item) => ({ type, ...item }));
  const activity = [...tagged('submission', submissions), ...tagged('appointment', appointments), ...tagged('order', orders)].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const [summary] = await SHAPERS.contacts(
    [{ ...row, c_full_name: row.full_name, c_first_name: row.first_name, c_last_name: row.last_name, c_email: row.email, c_phone: row.phone }],
    ctx,
  );
  let customFields: unknown = {};
  try {
    customFields = JSON.parse(String(row.custom_fields));
  } catch {}
  const details = {
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postal_code,
    website: row.website,
    timezone: row.timezone,
    customFields,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
  return { contact: { ...summary, ...details }, activity, consents: await contactConsents(db, id, 'oldest') };
}
