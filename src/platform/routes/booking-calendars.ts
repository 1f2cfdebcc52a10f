/** GET /appointment/widget_data, /appointment/services and /appointment/free-slots. */
import type { Hono } from 'hono';
import { ID_PATTERN } from '../../lib/ids';
import type { CalendarDocument, CalendarProviderDocument } from '../../schemas/calendar';
import { bookingCalls as calls } from '../../schemas/calls/booking';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { canManage } from '../services/appointment-access';
import { eventView, getAppointment, strangerView } from '../services/appointments';
import { calendarView, getCalendar, getCalendarBySlug, getProvider, listServices, providerView } from '../services/calendars';
import { getLocation } from '../services/locations';
import { calendarFreeSlots } from '../services/slots';

const NO_CALENDAR_ID = 'Calendar Id not found';
const NO_CALENDAR = 'Unable to find calendar';

export function registerCalendarRoutes(app: Hono<AppEnv>): void {
  mount(app, calls.widgetData, async (c, { query }) => {
    const ids = (query.calendar ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) throw new ApiError(404, NO_CALENDAR_ID);
    if (ids.length > 20 || ids.some((i) => !ID_PATTERN.test(i))) throw new ApiError(400, 'calendar: must be a comma list of calendar ids');
    const out: Record<string, unknown> = {};
    for (const id of ids) {
      const calendar = await getCalendar(c.env.DB, id);
      if (!calendar) continue;
      const location = await getLocation(c.env.DB, calendar.locationId);
      const provider = calendar.providerId ? await getProvider(c.env.DB, { id: calendar.providerId }) : null;
      out[id] = {
        calendar: await calendarView(c.env.DB, calendar, location, c.env.STRIPE_PUBLISHABLE_KEY),
        timezone: calendar.timezone,
        email: location?.email ?? '',
        phone: location?.phone ?? '',
        country: location?.country ?? 'US',
        // The booking pages speak the provider's language, else this (issue 31).
        language: location?.language ?? 'en',
        // The location's icon on the booking pages ('' for the app's default).
        favicon: location?.favicon ?? '',
        // Display settings of the booking widget (24h clock, week start, contact zone picker).
        calendarProvider: provider ? providerView(provider) : null,
      };
    }
    return c.json(out);
  });

  mount(app, calls.services, async (c, { query }) => {
    const byId = query.use_id_instead_of_slug === 'true' || query.use_id_instead_of_slug === '1';
    let provider: CalendarProviderDocument | null = null;
    if (query.calendar_provider_id) provider = await getProvider(c.env.DB, { id: query.calendar_provider_id });
    else if (query.calendar_provider_slug)
      provider = await getProvider(c.env.DB, byId ? { id: query.calendar_provider_slug } : { slug: query.calendar_provider_slug });
    else if (query.calendar_slug) {
      // A service page without its provider in the path (/widget/appointment/service/{service}).
      const calendar = byId ? await getCalendar(c.env.DB, query.calendar_slug) : await getCalendarBySlug(c.env.DB, query.calendar_slug);
      provider = calendar?.providerId ? await getProvider(c.env.DB, { id: calendar.providerId }) : null;
      if (!calendar || !provider) throw new ApiError(404, NO_CALENDAR);
    } else throw new ApiError(400, 'calendar_provider_id, calendar_provider_slug or calendar_slug is required');
    if (!provider) throw new ApiError(404, NO_CALENDAR);

    let services: CalendarDocument[];
    const calendarRef = query.calendar_id ?? query.calendar_slug;
    if (calendarRef) {
      const calendar = query.calendar_id || byId ? await getCalendar(c.env.DB, calendarRef) : await getCalendarBySlug(c.env.DB, calendarRef);
      if (!calendar || calendar.providerId !== provider.id) throw new ApiError(404, NO_CALENDAR);
      services = [calendar];
    } else {
      services = await listServices(c.env.DB, provider.id);
    }
    const location = await getLocation(c.env.DB, provider.locationId);
    const event = query.event_id ? await getAppointment(c.env.DB, query.event_id) : null;
    const eventCalendar = event ? services.find((s) => s.id === event.calendar_id) : undefined;
    return c.json({
      services: await Promise.all(services.map((s) => calendarView(c.env.DB, s, location, c.env.STRIPE_PUBLISHABLE_KEY))),
      calendarProvider: providerView(provider),
      // The location's icon on the provider and service pages ('' for the app's default).
      favicon: location?.favicon ?? '',
      calendarEvent:
        !event || !eventCalendar
          ? null
          : (await canManage(c.env, event.id, query.token))
            ? eventView(event, eventCalendar)
            : strangerView(event, eventCalendar),
    });
  });

  mount(app, calls.freeSlots, async (c, { query }) => {
    const calendar = await getCalendar(c.env.DB, query.calendar_id);
    if (!calendar) throw new ApiError(404, NO_CALENDAR);
    const range = { from: query.startDate, to: query.endDate, timeZone: query.timezone };
    const slots = await calendarFreeSlots(c.env.DB, calendar, range, c.var.now, query.user_id || null);
    return c.json(slots);
  });
}
