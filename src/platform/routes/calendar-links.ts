/**
 * Add-to-calendar links of an appointment: GET /google/calendar/get-ics/{id} and
 * /google/calendar/add-event/{id}. Both take the manage token: they show the booking's times,
 * and their description repeats the reschedule and cancel links, token included.
 */
import type { Context, Hono } from 'hono';
import { appointmentLinks } from '../../lib/appointment-links';
import { bookingCalls as calls } from '../../schemas/calls/booking';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { requireManage } from '../services/appointment-access';
import { getAppointment, NO_EVENT } from '../services/appointments';
import { type CalendarEntry, googleCalendarUrl, icsCalendar } from '../services/calendar-links';
import { getCalendar } from '../services/calendars';

async function entryOf(c: Context<AppEnv>, id: string, token: string | undefined): Promise<CalendarEntry> {
  await requireManage(c.env, id, token);
  const row = await getAppointment(c.env.DB, id);
  if (!row) throw new ApiError(404, NO_EVENT);
  const calendar = await getCalendar(c.env.DB, row.calendar_id);
  const links = appointmentLinks(new URL(c.req.url).origin, row.calendar_id, row.id, token ?? '');
  const manage = `Reschedule: ${links.reschedule}\nCancel: ${links.cancel}`;
  return {
    uid: row.id,
    start: row.start_time,
    end: row.end_time,
    title: calendar?.name ?? 'Appointment',
    description: calendar?.description ? `${calendar.description}\n\n${manage}` : manage,
    location: calendar?.event_address ?? '',
    cancelled: row.status === 'cancelled',
  };
}

export function registerCalendarLinkRoutes(app: Hono<AppEnv>): void {
  mount(app, calls.ics, async (c, { params, query }) => {
    const entry = await entryOf(c, params.appointmentId, query.token);
    const host = c.env.CALENDAR_LINK_HOST || new URL(c.req.url).hostname;
    return c.body(icsCalendar(entry, c.var.now, host.replace(/^https?:\/\//, '').replace(/\/.*$/, '')), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="appointment-${entry.uid}.ics"`,
      'cache-control': 'no-store',
    });
  });

  mount(app, calls.googleEvent, async (c, { params, query }) => {
    const entry = await entryOf(c, params.appointmentId, query.token);
    return c.redirect(googleCalendarUrl(entry), 302);
  });
}
