/**
 * The admin call of proof of consent (issue 27):
 *   GET /admin/v1/contacts/{id}/consents   the contact's consent records, newest first
 * Records are written with their submission (../services/consent.ts) and never changed.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env';
import { ApiError, parseWith } from '../http';

const contactId = v.pipe(
  v.string(),
  v.minLength(1, 'A contact id is required'),
  v.maxLength(64, 'A contact id has at most 64 characters'),
  v.regex(/^[\w-]+$/, 'A contact id has only letters, digits, _ and -'),
);

/** Most records one contact can have listed in one answer. */
const LIST_LIMIT = 500;

interface ConsentRow {
  id: string;
  contact_id: string;
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

const shape = ({ checks, created_at, ...row }: ConsentRow) => ({
  ...row,
  checks: JSON.parse(checks) as unknown,
  created_at: new Date(created_at).toISOString(),
});

export function addConsentRoutes(admin: Hono<AppEnv>): void {
  admin.get('/v1/contacts/:id/consents', async (c) => {
    const id = parseWith(contactId, c.req.param('id'));
    const contact = await c.env.DB.prepare('SELECT id FROM contacts WHERE id = ?').bind(id).first();
    if (!contact) throw new ApiError(404, `No contact ${id}`);
    const rows = await c.env.DB.prepare('SELECT * FROM consent_records WHERE contact_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
      .bind(id, LIST_LIMIT)
      .all<ConsentRow>();
    return c.json({ contactId: id, consents: rows.results.map(shape) });
  });
}
