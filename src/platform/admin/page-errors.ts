/**
 * The admin call of the pages' error log (issue 30):
 *   GET /admin/v1/page-errors?limit=50&pageId=…   the newest reports, each {id, kind, pageId, message, data, createdAt}
 * Reports are written by POST /api/funnel/error and the server's render (../services/page-errors.ts).
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { id } from '../../schemas/common';
import type { AppEnv } from '../env';
import { parseWith } from '../http';
import { listPageErrors } from '../services/page-errors';

const query = v.object({
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit: must be a number from 1 to 200'), v.transform(Number), v.minValue(1), v.maxValue(200)),
    '50',
  ),
  pageId: v.optional(id),
});

export function addPageErrorRoutes(admin: Hono<AppEnv>): void {
  admin.get('/v1/page-errors', async (c) => {
    const { limit, pageId } = parseWith(query, { limit: c.req.query('limit'), pageId: c.req.query('pageId') });
    const rows = await listPageErrors(c.env.DB, Number(limit), pageId);
    return c.json({
      errors: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        pageId: row.page_id,
        message: row.message,
        data: row.data ? JSON.parse(row.data) : null,
        createdAt: row.created_at,
      })),
    });
  });
}
