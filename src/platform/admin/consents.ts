/**
 * The admin call of proof of consent (issue 27):
 *   GET /admin/v1/contacts/{id}/consents   the contact's consent records, newest first
 * Records are written with their submission (../services/consent.ts) and never changed.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env';
import { ApiError, parseWith } from '../http';
import { contactConsents } from '../services/consent-records';

const contactId = v.pipe(
  v.string(),
  v.minLength(1, 'A contact id is required'),
  v.maxLength(64, 'A contact id has at most 64 characters'),
  v.regex(/^[\w-]+$/, 'A contact id has only letters, digits, _ and -'),
);

export function addConsentRoutes(admin: Hono<AppEnv>): void {
  admin.get('/v1/contacts/:id/consents', async (c) => {
    const id = parseWith(contactId, c.req.param('id'));
    const contact = await c.env.DB.prepare('SELECT id FROM contacts WHERE id = ?').bind(id).first();
    if (!contact) throw new ApiError(404, `No contact ${id}`);
    return c.json({ contactId: id, consents: await contactConsents(c.env.DB, id) });
  });
}
