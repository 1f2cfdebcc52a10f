/**
 * The results calls of the admin API (issue 27), mounted by ../admin/app.ts before its
 * document routes:
 *   GET /admin/v1/{kind}?filters&limit&cursor      a page, newest first: {items, next_cursor}
 *   GET /admin/v1/{kind}/export?filters&format&bom  every matching row, streamed as CSV or NDJSON
 *   GET /admin/v1/contacts/{id}                    one contact with its activity in time order
 *   GET /admin/v1/orders/totals?filters            the filter's orders summed per currency and status (./totals.ts)
 * Kinds: contacts, submissions, appointments, orders.
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../env';
import { parseWith } from '../http';
import { signingKey } from '../secrets';
import { contactRecord } from './contact-record';
import { decodeCursor, encodeCursor } from './cursor';
import { exportStream } from './export';
import { checkFilterIds, filterClauses, readPage, shapeContext, whereOf } from './list';
import { exportQuery, listQuery, type ResultKind } from './query';
import { mountOrderTotals } from './totals';

const cursorKey = (c: Context<AppEnv>) => signingKey(c.env, 'results-cursor');

export function mountResults(admin: Hono<AppEnv>): void {
  mountOrderTotals(admin);
  for (const kind of ['contacts', 'submissions', 'appointments', 'orders'] as const satisfies readonly ResultKind[]) {
    admin.get(`/v1/${kind}`, async (c) => {
      const { limit, cursor, ...filters } = parseWith(listQuery, c.req.query());
      const clauses = filterClauses(kind, filters);
      const after = cursor ? await decodeCursor(cursorKey(c), kind, cursor) : null;
      // The filter ids are checked while the search is probed and the page read: a 404 still wins, and a page waits for its own round trips only.
      const [, page] = await Promise.all([
        checkFilterIds(c.env.DB, filters),
        whereOf(c.env.DB, kind, filters, clauses).then((where) => readPage(c.env.DB, kind, where, after, limit, shapeContext(c.env.DB))),
      ]);
      return c.json({ items: page.items, next_cursor: page.next ? await encodeCursor(cursorKey(c), kind, page.next) : null });
    });

    admin.get(`/v1/${kind}/export`, async (c) => {
      const { format, bom, ...filters } = parseWith(exportQuery, c.req.query());
      const clauses = filterClauses(kind, filters);
      await checkFilterIds(c.env.DB, filters);
      const where = await whereOf(c.env.DB, kind, filters, clauses);
      const ctx = shapeContext(c.env.DB);
      const ref = filters.form_id
        ? ['form', filters.form_id]
        : filters.survey_id
          ? ['survey', filters.survey_id]
          : filters.calendar_id
            ? ['appointment', filters.calendar_id]
            : null;
      const labels = kind === 'submissions' && ref ? await ctx.labelsOf(ref[0] as string, ref[1] as string) : null;
      const stamp = new Date(c.var.now).toISOString().slice(0, 10);
      return new Response(exportStream({ db: c.env.DB, kind, where, format, bom: bom === '1', labels, ctx }), {
        headers: {
          'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
          'content-disposition': `attachment; filename="${kind}-${stamp}.${format}"`,
          'cache-control': 'no-store',
        },
      });
    });
  }

  admin.get('/v1/contacts/:id', async (c) => c.json(await contactRecord(c.env.DB, c.req.param('id'), shapeContext(c.env.DB))));
}
