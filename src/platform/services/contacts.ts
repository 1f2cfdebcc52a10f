/**
 * Contacts: one per location and email (a unique index), so a visitor who opts in, buys
 * and books is one contact. Later submissions fill in fields and never blank them out.
 */
import { newId, type RandomBytes } from '../../lib/ids';

/** A contact as services hand it over: every field optional except the location. */
export interface ContactInput {
  locationId: string;
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  companyName?: string | null;
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  postalCode?: string | null;
  website?: string | null;
  dateOfBirth?: string | null;
  timezone?: string | null;
  source?: string | null;
  fingerprint?: string | null;
  customFields?: Record<string, unknown>;
}

export interface ContactRow {
  id: string;
  location_id: string;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  company_name: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  website: string | null;
  date_of_birth: string | null;
  timezone: string | null;
  source: string | null;
  fingerprint: string | null;
  custom_fields: string;
  created_at: number;
  updated_at: number;
}

const COLUMNS = [
  ['email', 'email'],
  ['phone', 'phone'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['full_name', 'fullName'],
  ['company_name', 'companyName'],
  ['address1', 'address1'],
  ['city', 'city'],
  ['state', 'state'],
  ['country', 'country'],
  ['postal_code', 'postalCode'],
  ['website', 'website'],
  ['date_of_birth', 'dateOfBirth'],
  ['timezone', 'timezone'],
  ['source', 'source'],
  ['fingerprint', 'fingerprint'],
] as const satisfies readonly (readonly [string, keyof ContactInput])[];

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Splits a full name into first and last name when those were not given. */
function withNames(input: ContactInput): ContactInput {
  const full = clean(input.fullName);
  if (!full || clean(input.firstName) || clean(input.lastName)) return input;
  const [first, ...rest] = full.split(/\s+/);
  return { ...input, firstName: first ?? null, lastName: rest.join(' ') || null };
}

/**
 * Creates the contact or, when the location already has one with this email (or, without
 * an email, this phone), fills in the fields this submission brings.
 */
export async function upsertContact(
  db: D1Database,
  raw: ContactInput,
  now: number,
  random?: RandomBytes,
): Promise<{ id: string; created: boolean }> {
  const input = withNames(raw);
  const values = COLUMNS.map(([, key]) => clean(input[key]));
  const email = clean(input.email)?.toLowerCase() ?? null;
  values[0] = email;
  const custom = JSON.stringify(input.customFields ?? {});
  const names = COLUMNS.map(([column]) => column);
  const fill = names.map((n) => `${n} = COALESCE(excluded.${n}, contacts.${n})`).join(', ');
  const placeholders = names.map(() => '?').join(', ');

  if (!email && clean(input.phone)) {
    const existing = await db
      .prepare('SELECT id FROM contacts WHERE location_id = ? AND phone = ? ORDER BY created_at LIMIT 1')
      .bind(input.locationId, clean(input.phone))
      .first<{ id: string }>();
    if (existing) {
      const sets = names.map((n) => `${n} = COALESCE(?, ${n})`).join(', ');
      await db
        .prepare(`UPDATE contacts SET ${sets}, custom_fields = json_patch(custom_fields, ?), updated_at = ? WHERE id = ?`)
        .bind(...values, custom, now, existing.id)
        .run();
      return { id: existing.id, created: false };
    }
  }

  const id = newId('ct', random);
  const row = await db
    .prepare(
      `INSERT INTO contacts (id, location_id, ${names.join(', ')}, custom_fields, created_at, updated_at)
       VALUES (?, ?, ${placeholders}, ?, ?, ?)
       ON CONFLICT (location_id, email) WHERE email IS NOT NULL DO UPDATE SET ${fill},
         custom_fields = json_patch(contacts.custom_fields, excluded.custom_fields), updated_at = excluded.updated_at
       RETURNING id`,
    )
    .bind(id, input.locationId, ...values, custom, now, now)
    .first<{ id: string }>();
  if (!row) throw new Error('contact upsert returned no row');
  return { id: row.id, created: row.id === id };
}

export async function getContact(db: D1Database, id: string): Promise<ContactRow | null> {
  return db.prepare('SELECT * FROM contacts WHERE id = ?').bind(id).first<ContactRow>();
}

export async function findContactByEmail(db: D1Database, locationId: string, email: string): Promise<ContactRow | null> {
  return db
    .prepare('SELECT * FROM contacts WHERE location_id = ? AND email = ?')
    .bind(locationId, email.trim().toLowerCase())
    .first<ContactRow>();
}

/** A contact write for a caller's batch, and how later statements of the batch find its id. */
export interface ContactWrite {
  statement: D1PreparedStatement;
  /** SQL expression (with its parameters) that reads the contact's id inside the same batch. */
  idSql: { sql: string; params: unknown[] };
}

/**
 * `upsertContact` as one statement, so a submission can write its contact and itself in
 * one D1 batch (all or nothing). A contact without an email that matches a phone
 * (`existingId`, read before) is updated; otherwise one is created or, by email, filled in.
 */
export function contactWrite(db: D1Database, raw: ContactInput, now: number, existingId: string | null, random?: RandomBytes): ContactWrite {
  const input = withNames(raw);
  const values = COLUMNS.map(([, key]) => clean(input[key]));
  const email = clean(input.email)?.toLowerCase() ?? null;
  values[0] = email;
  const custom = JSON.stringify(input.customFields ?? {});
  const names = COLUMNS.map(([column]) => column);
  if (!email && existingId) {
    const sets = names.map((n) => `${n} = COALESCE(?, ${n})`).join(', ');
    return {
      statement: db
        .prepare(`UPDATE contacts SET ${sets}, custom_fields = json_patch(custom_fields, ?), updated_at = ? WHERE id = ?`)
        .bind(...values, custom, now, existingId),
      idSql: { sql: '?', params: [existingId] },
    };
  }
  const id = newId('ct', random);
  const fill = names.map((n) => `${n} = COALESCE(excluded.${n}, contacts.${n})`).join(', ');
  const statement = db
    .prepare(
      `INSERT INTO contacts (id, location_id, ${names.join(', ')}, custom_fields, created_at, updated_at)
       VALUES (?, ?, ${names.map(() => '?').join(', ')}, ?, ?, ?)
       ON CONFLICT (location_id, email) WHERE email IS NOT NULL DO UPDATE SET ${fill},
         custom_fields = json_patch(contacts.custom_fields, excluded.custom_fields), updated_at = excluded.updated_at`,
    )
    .bind(id, input.locationId, ...values, custom, now, now);
  const idSql = email
    ? { sql: 'COALESCE((SELECT id FROM contacts WHERE location_id = ? AND email = ?), ?)', params: [input.locationId, email, id] }
    : { sql: '?', params: [id] };
  return { statement, idSql };
}

/** The contact a phone-only submission updates (`upsertContact` matches the same way). */
export async function contactIdByPhone(db: D1Database, locationId: string, phone: string | null | undefined): Promise<string | null> {
  const wanted = clean(phone);
  if (!wanted) return null;
  const row = await db.prepare('SELECT id FROM contacts WHERE location_id = ? AND phone = ? ORDER BY created_at LIMIT 1').bind(locationId, wanted).first<{ id: string }>();
  return row?.id ?? null;
}
