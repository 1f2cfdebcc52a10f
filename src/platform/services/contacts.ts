/**
 * Contacts: one per location and email, and one per location and phone among contacts
 * without an email (two partial unique indexes), so a visitor who opts in, buys and books
 * is one contact, however many of those requests arrive at once. Later submissions fill in
 * fields and never blank them out; the first touch (attribution) is never replaced, the last
 * touch is the latest one known. A write is a single upsert statement, so a caller can
 * put it in the same D1 batch as the rows that point at the contact.
 */
import { NO_TOUCHES, type Touches } from '../../lib/attribution';
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
  /** The opt-in's `lead` flag. */
  isLead?: boolean | null;
  /** The opt-in's `session_d`: the page's email-validation flag. */
  emailValidation?: number | null;
  customFields?: Record<string, unknown>;
  /** The visitor's first and last touch: the first is kept once stored, the last follows the latest record. */
  touches?: Touches;
  /**
   * The visitor's own sticky contact, proven by its token (./visitor-claims.ts): a submission
   * with neither email nor phone fills in this contact instead of starting a new one.
   */
  stickyId?: string | null;
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
  is_lead: number | null;
  email_validation: number | null;
  custom_fields: string;
  created_at: number;
  updated_at: number;
}

const TEXT_COLUMNS = [
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

const COLUMNS = [...TEXT_COLUMNS.map(([column]) => column), 'is_lead', 'email_validation'];

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function integer(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** Splits a full name into first and last name when those were not given. */
function withNames(input: ContactInput): ContactInput {
  const full = clean(input.fullName);
  if (!full || clean(input.firstName) || clean(input.lastName)) return input;
  const [first, ...rest] = full.split(/\s+/);
  return { ...input, firstName: first ?? null, lastName: rest.join(' ') || null };
}

/** A prepared contact write: the statement, and how to find the contact once it ran. */
export interface ContactWrite {
  /** The upsert; answers the contact's id (RETURNING id) when run alone. */
  statement: D1PreparedStatement;
  /** A SQL expression (with its parameters, bound after the later statement's own) that selects the contact's id in a later statement of the same batch. */
  idSql: { sql: string; params: unknown[] };
  /** The id the contact gets when the write creates it. */
  newId: string;
}

/**
 * Prepares the write of a contact: an update of the location's contact with this email or
 * (without an email) this phone, or an insert that the unique indexes turn into that update
 * when another request inserted the same contact a moment earlier.
 */
export async function prepareContactWrite(db: D1Database, raw: ContactInput, now: number, random?: RandomBytes): Promise<ContactWrite> {
  const input = withNames(raw);
  const values: unknown[] = [...TEXT_COLUMNS.map(([, key]) => clean(input[key])), integer(input.isLead), integer(input.emailValidation)];
  const email = clean(input.email)?.toLowerCase() ?? null;
  const phone = clean(input.phone);
  values[0] = email;
  const custom = JSON.stringify(input.customFields ?? {});
  const id = newId('ct', random);
  const touches = input.touches ?? NO_TOUCHES;

  if (!email) {
    // A contact with an email may carry this phone too: the earliest such contact is the one.
    // With neither, the visitor's proven sticky contact is the one.
    const existing = { id: phone ? await contactIdByPhone(db, input.locationId, phone) : (input.stickyId ?? null) };
    if (existing.id) {
      const sets = COLUMNS.map((n) => `${n} = COALESCE(?, ${n})`).join(', ');
      return {
        statement: db
          .prepare(
            `UPDATE contacts SET ${sets}, custom_fields = json_patch(custom_fields, ?), first_touch = COALESCE(first_touch, ?),
               last_touch = COALESCE(?, last_touch), updated_at = ? WHERE id = ? RETURNING id`,
          )
          .bind(...values, custom, touches.first, touches.last, now, existing.id),
        idSql: { sql: '?', params: [existing.id] },
        newId: id,
      };
    }
  }

  const fill = COLUMNS.map((n) => `${n} = COALESCE(excluded.${n}, contacts.${n})`).join(', ');
  const target = email ? '(location_id, email) WHERE email IS NOT NULL' : '(location_id, phone) WHERE email IS NULL AND phone IS NOT NULL';
  const upsert =
    email || phone
      ? ` ON CONFLICT ${target} DO UPDATE SET ${fill}, custom_fields = json_patch(contacts.custom_fields, excluded.custom_fields),
          first_touch = COALESCE(contacts.first_touch, excluded.first_touch), last_touch = COALESCE(excluded.last_touch, contacts.last_touch),
          updated_at = excluded.updated_at`
      : '';
  const statement = db
    .prepare(
      `INSERT INTO contacts (id, location_id, ${COLUMNS.join(', ')}, custom_fields, first_touch, last_touch, created_at, updated_at)
       VALUES (?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?)${upsert} RETURNING id`,
    )
    .bind(id, input.locationId, ...values, custom, touches.first, touches.last, now, now);
  if (email)
    return { statement, idSql: { sql: '(SELECT id FROM contacts WHERE location_id = ? AND email = ?)', params: [input.locationId, email] }, newId: id };
  if (phone)
    return {
      statement,
      idSql: { sql: '(SELECT id FROM contacts WHERE location_id = ? AND phone = ? AND email IS NULL)', params: [input.locationId, phone] },
      newId: id,
    };
  return { statement, idSql: { sql: '?', params: [id] }, newId: id };
}

/**
 * Creates the contact or, when the location already has one with this email (or, without
 * an email, this phone), fills in the fields this submission brings.
 */
export async function upsertContact(db: D1Database, raw: ContactInput, now: number, random?: RandomBytes): Promise<{ id: string; created: boolean }> {
  const write = await prepareContactWrite(db, raw, now, random);
  const row = await write.statement.first<{ id: string }>();
  if (!row) throw new Error('contact upsert returned no row');
  return { id: row.id, created: row.id === write.newId };
}

export async function getContact(db: D1Database, id: string): Promise<ContactRow | null> {
  return db.prepare('SELECT * FROM contacts WHERE id = ?').bind(id).first<ContactRow>();
}

export async function findContactByEmail(db: D1Database, locationId: string, email: string): Promise<ContactRow | null> {
  return db.prepare('SELECT * FROM contacts WHERE location_id = ? AND email = ?').bind(locationId, email.trim().toLowerCase()).first<ContactRow>();
}

/** The contact a phone-only submission updates: a contact with an email may carry this phone too, and the earliest such contact is the one. */
export async function contactIdByPhone(db: D1Database, locationId: string, phone: string | null | undefined): Promise<string | null> {
  const wanted = clean(phone);
  if (!wanted) return null;
  const row = await db
    .prepare('SELECT id FROM contacts WHERE location_id = ? AND phone = ? ORDER BY created_at, id LIMIT 1')
    .bind(locationId, wanted)
    .first<{ id: string }>();
  return row?.id ?? null;
}
