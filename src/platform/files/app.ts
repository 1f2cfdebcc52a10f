/**
 * GET /files/{id}?exp&sig: the download of one upload through its signed link
 * (../services/file-links.ts). The signature is the key: no admin token is asked. The file is
 * an attachment with nosniff, a sandboxing CSP and no caching, whatever host it is asked on.
 * An altered or expired link gets 403, an unknown file 404.
 */
import { Hono } from 'hono';
import { clock } from '../clock';
import type { AppEnv } from '../env';
import { ApiError, errorResponse } from '../http';
import { signingKey } from '../secrets';
import { attachmentDisposition, downloadType, fileLinkRefusal } from '../services/file-links';

export function createFileRoutes(): Hono<AppEnv> {
  const files = new Hono<AppEnv>();
  files.use('/files/*', clock());
  files.get('/files/:id', async (c) => {
    const id = c.req.param('id');
    const refusal = await fileLinkRefusal(signingKey(c.env, 'file-link'), id, { exp: c.req.query('exp'), sig: c.req.query('sig') }, c.var.now);
    if (refusal) throw new ApiError(403, refusal);
    const row = await c.env.DB.prepare('SELECT object_key, filename, content_type FROM uploads WHERE id = ?')
      .bind(id)
      .first<{ object_key: string; filename: string; content_type: string }>();
    const object = row ? await c.env.UPLOADS.get(row.object_key) : null;
    if (!row || !object) throw new ApiError(404, 'This file no longer exists');
    return new Response(object.body, {
      headers: {
        'content-type': downloadType(row.content_type),
        'content-disposition': attachmentDisposition(row.filename),
        'content-length': String(object.size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  });
  files.onError((err, c) => errorResponse(c, err));
  return files;
}
