/**
 * Reading and erasing consent records (./consent.ts writes them). A record is evidence, so
 * the database refuses to update one (migration 0016): erasing a contact replaces each of its
 * records, in the erasure's batch, by a copy that keeps what was shown, what was ticked, the
 * versions and the time, and holds the person's identifiers (contact id, IP, user agent) only
 * as SHA-256 hashes, with the URLs cut to their path.
 */
import { sha256Hex } from '../../lib/sha256';

interface ConsentRow {
  id: string;
  contact_id: string | null;
  location_id: string;
  subject_kind: string;
  subject_id: string;
  text: string;
  text_sha256: string;
  form_version: number | null;
  page_id: string | null;
  page_version: number | null;
  page_url: string | null;
  parent_url: string | null;
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  checks: string;
  created_at: number;
}

/** Most records one contact has listed in one answer. */
const LIST_LIMIT = 500;

const shape = ({ checks, created_at, ...row }: ConsentRow) => ({
  ...row,
  checks: JSON.parse(checks) as unknown,
  created_at: new Date(created_at).toISOString(),
});

/** A contact's consent records, shaped for the admin API and exports. */
export async function contactConsents(db: D1Database, contactId: string, order: 'newest' | 'oldest' = 'newest') {
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  const { results } = await db
    .prepare(`SELECT * FROM consent_records WHERE contact_id = ? ORDER BY created_at ${direction}, id ${direction} LIMIT ?`)
    .bind(contactId, LIST_LIMIT)
    .all<ConsentRow>();
  return results.map(shape);
}

/** Whether a consent record of this subject is stored (an order's terms are recorded once, whatever its retries). */
export async function hasConsentRecord(db: D1Database, kind: string, subjectId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM consent_records WHERE subject_kind = ? AND subject_id = ?').bind(kind, subjectId).first()) !== null;
}

const hashed = async (value: string | null) => (value === null ? null : `sha256:${await sha256Hex(value)}`);
const pathOnly = (url: string | null) => (url === null ? null : url.replace(/[?#].*$/s, ''));

/** The statements that replace a contact's consent records by their erased copies (delete first, in one batch). */
export async function eraseConsentStatements(db: D1Database, contactId: string): Promise<D1PreparedStatement[]> {
  const { results } = await db.prepare('SELECT * FROM consent_records WHERE contact_id = ?').bind(contactId).all<ConsentRow>();
  if (results.length === 0) return [];
  const copies = await Promise.all(
    results.map(async (row) => ({
      ...row,
      contact_id: await hashed(row.contact_id),
      ip: await hashed(row.ip),
      user_agent: await hashed(row.user_agent),
      page_url: pathOnly(row.page_url),
      parent_url: pathOnly(row.parent_url),
    })),
  );
  return [
    db.prepare('DELETE FROM consent_records WHERE contact_id = ?').bind(contactId),
    ...copies.map((r) =>
      db
        .prepare(
          `INSERT INTO consent_records (id, contact_id, location_id, subject_kind, subject_id, text, text_sha256, form_version, page_id,
             page_version, page_url, parent_url, ip, user_agent, language, checks, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          r.id,
          r.contact_id,
          r.location_id,
          r.subject_kind,
          r.subject_id,
          r.text,
          r.text_sha256,
          r.form_version,
          r.page_id,
          r.page_version,
          r.page_url,
          r.parent_url,
          r.ip,
          r.user_agent,
          r.language,
          r.checks,
          r.created_at,
        ),
    ),
  ];
}
