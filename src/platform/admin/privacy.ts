/**
 * The admin calls of files and privacy requests (issue 27):
 *   GET    /admin/v1/uploads/{id}/link       a signed download link, 10 minutes (../services/file-links.ts)
 *   GET    /admin/v1/contacts/{id}/export    everything held about one contact, JSON with a link per file
 *   DELETE /admin/v1/contacts/{id}           erase its personal data and files (../services/privacy.ts)
 * Registered before the document routes, whose `/v1/{kind}/{id}` would take the DELETE.
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env';
import { ApiError, parseWith } from '../http';
import { signingKey } from '../secrets';
import { fileLink } from '../services/file-links';
import { eraseContact, exportContact } from '../services/privacy';

const recordId = (what: string) =>
  v.pipe(
    v.string(),
    v.minLength(1, `A ${what} id is required`),
    v.maxLength(64, `A ${what} id has at most 64 characters`),
    v.regex(/^[\w-]+$/, `A ${what} id has only letters, digits, _ and -`),
  );

const uploadId = recordId('file');
const contactId = recordId('contact');

const linkOf = (c: Context<AppEnv>) => (id: string) => fileLink(signingKey(c.env, 'file-link'), id, c.var.now);

export function addPrivacyRoutes(admin: Hono<AppEnv>): void {
  admin.get('/v1/uploads/:id/link', async (c) => {
    const id = parseWith(uploadId, c.req.param('id'));
    const row = await c.env.DB.prepare('SELECT filename FROM uploads WHERE id = ?').bind(id).first<{ filename: string }>();
    if (!row) throw new ApiError(404, `No file ${id}`);
    return c.json(await linkOf(c)(id));
  });

  admin.get('/v1/contacts/:id/export', async (c) => {
    const id = parseWith(contactId, c.req.param('id'));
    return c.json(await exportContact(c.env.DB, id, linkOf(c)));
  });

  admin.delete('/v1/contacts/:id', async (c) => {
    const id = parseWith(contactId, c.req.param('id'));
    const { filesDeleted } = await eraseContact(c.env.DB, c.env.UPLOADS, id, c.var.now);
    return c.json({ erased: true, id, files_deleted: filesDeleted });
  });
}
