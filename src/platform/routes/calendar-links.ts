/** Add-to-calendar links of an appointment: GET /google/calendar/get-ics/{id} and /google/calendar/add-event/{id}. */
import type { Context, Hono } from 'hono';
import { bookingCalls as calls } from '../../schemas/calls/booking';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { getAppointment, NO_EVENT } from '../services/appointments';
import { type CalendarEntry, googleCalendarUrl, icsCalendar } from '../services/calendar-links';
import { getCalendar } from '../services/calendars';

async function entryOf(c: Context<AppEnv>, id: string): Promise<CalendarEntry> {
  const row = await getAppointment(c.env.DB, id);
  if (!row) throw new ApiError(404, NO_EVENT);
  const calendar = await getCalendar(c.env.DB, row.calendar_id);
  return {
    uid: row.id,
    start: row.start_time,
    end: row.end_time,
    title: calendar?.name ?? 'Appointment',
    description: calendar?.description ?? '',
    location: calendar?.event_address ?? '',
    cancelled: row.status === 'cancelled',
  };
}

export function registerCalendarLinkRoutes(app: Hono<AppEnv>): void {
  mount(app, calls.ics, async (c, { params }) => {
    const entry = await entryOf(c, params.appointmentId);
    const host = c.env.CALENDAR_LINK_HOST || new URL(c.req.url).hostname;
    return c.body(icsCalendar(entry, c.var.now, host.replace(/^https?:\/\//, '').replace(/\/.*$/, '')), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="appointment-${entry.uid}.ics"`,
      'cache-control': 'no-store',
    });
  });

  mount(app, calls.googleEvent, async (c, { params }) => {
    const entry = await entryOf(c, params.appointmentId);
    return c.redirect(googleCalendarUrl(entry), 302);
  });
}
