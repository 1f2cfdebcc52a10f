/**
 * The seller's side of bookings (issue 29, the dashboard's Bookings screen):
 *   GET  /admin/v1/calendars/{id}/appointments?when=upcoming|past&limit&cursor
 *        a calendar's appointments by their start: upcoming (start ≥ now) soonest first, past
 *        latest first, keyset-paged like the results calls (`{items, next_cursor}`); each item
 *        is shaped as in the results list, with `rescheduleUrl`, the manage link of the
 *        booking widget, while it is not cancelled
 *   POST /admin/v1/appointments/{id}/cancel   `{reason}`: the seller cancels it; its slot is free
 *        again at once (404 unknown, 409 already cancelled)
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { appointmentLinks } from '../../lib/appointment-links';
import type { AppEnv } from '../env';
import { ApiError, parseWith, readJson } from '../http';
import { decodeCursor, encodeCursor } from '../results/cursor';
import { KIND_SPECS } from '../results/kinds';
import { shapeContext } from '../results/list';
import { MAX_LIMIT } from '../results/query';
import { type Row, SHAPERS } from '../results/shape';
import { signingKey } from '../secrets';
import { manageToken } from '../services/appointment-access';
import { cancelAppointment } from '../services/appointments';

const bookingsQuery = v.strictObject(
  {
    when: v.optional(v.picklist(['upcoming', 'past'], 'when must be upcoming or past'), 'upcoming'),
    limit: v.optional(
      v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(MAX_LIMIT)),
      '50',
    ),
    cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  },
  'is not a parameter of this call',
);

const cancelBody = v.object({
  reason: v.pipe(v.string('reason is required'), v.trim(), v.nonEmpty('reason is required'), v.maxLength(1000, 'reason is too long')),
});

const calendarId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'id is not valid'));

export function addBookingRoutes(admin: Hono<AppEnv>): void {
  admin.get('/v1/calendars/:id/appointments', async (c) => {
    const id = parseWith(calendarId, c.req.param('id'));
    const { when, limit, cursor } = parseWith(bookingsQuery, c.req.query());
    if (!(await c.env.DB.prepare('SELECT 1 FROM calendars WHERE id = ?').bind(id).first())) throw new ApiError(404, `Calendar ${id} not found`);
    const key = signingKey(c.env, 'results-cursor');
    const cursorKind = `appointments.${when}.${id}`;
    const after = cursor ? await decodeCursor(key, cursorKind, cursor) : null;
    const upcoming = when === 'upcoming';
    const clauses = ['t.calendar_id = ?', upcoming ? 't.start_time >= ?' : 't.start_time < ?'];
    const params: unknown[] = [id, c.var.now];
    if (after) {
      clauses.push(upcoming ? '(t.start_time, t.id) > (?, ?)' : '(t.start_time, t.id) < (?, ?)');
      params.push(after.createdAt, after.id);
    }
    const order = upcoming ? 'ASC' : 'DESC';
    const spec = KIND_SPECS.appointments;
    const { results } = await c.env.DB.prepare(
      `SELECT ${spec.columns} FROM ${spec.from} WHERE ${clauses.join(' AND ')} ORDER BY t.start_time ${order}, t.id ${order} LIMIT ?`,
    )
      .bind(...params, limit + 1)
      .all<Row>();
    const page = results.slice(0, limit);
    const last = page.at(-1);
    const next = results.length > limit && last ? await encodeCursor(key, cursorKind, { createdAt: Number(last.start_time), id: last.id }) : null;
    const origin = new URL(c.req.url).origin;
    const items = await SHAPERS.appointments(page, shapeContext(c.env.DB));
    const withLinks = await Promise.all(
      items.map(async (item) => ({
        ...item,
        rescheduleUrl: item.status === 'cancelled' ? null : appointmentLinks(origin, id, item.id, await manageToken(c.env, item.id)).reschedule,
      })),
    );
    return c.json({ items: withLinks, next_cursor: next });
  });

  admin.post('/v1/appointments/:id/cancel', async (c) => {
    const id = parseWith(calendarId, c.req.param('id'));
    const { reason } = parseWith(cancelBody, await readJson(c.req.raw));
    const row = await cancelAppointment(c.env.DB, id, reason, c.var.now);
    return c.json({ cancelled: true, id: row.id, status: row.status });
  });
}
