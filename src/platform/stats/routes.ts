/**
 * The statistics calls of the admin API (issue 28), mounted by ../admin/app.ts behind its token:
 *   GET /admin/v1/stats/funnels/{id}?from=YYYY-MM-DD&to=YYYY-MM-DD&interval=day
 * Days are the funnel's location zone's; 400 `msg` on a bad date or a range over 366 days,
 * 404 `msg` for an unknown funnel. The answer's shape is ./report.ts's `FunnelStats`.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { ID_PATTERN } from '../../lib/ids';
import type { AppEnv } from '../env';
import { ApiError, parseWith } from '../http';
import { readStatsFunnel, readStatsRows } from './queries';
import { statsRange } from './range';
import { funnelStats } from './report';

const funnelIdSchema = v.pipe(v.string(), v.regex(ID_PATTERN, 'Invalid funnel id'));

export function mountStats(admin: Hono<AppEnv>): void {
  admin.get('/v1/stats/funnels/:id', async (c) => {
    const id = parseWith(funnelIdSchema, c.req.param('id'));
    const funnel = await readStatsFunnel(c.env.DB, id);
    if (!funnel) throw new ApiError(404, 'Funnel not found');
    const range = statsRange(c.req.query(), funnel.timeZone, c.var.now);
    return c.json(funnelStats(funnel, range, await readStatsRows(c.env.DB, id, range)));
  });
}
