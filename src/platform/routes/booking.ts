/** Routes of the booking area: calendar data and slots, then appointments, then add-to-calendar links. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';
import { registerAppointmentRoutes } from './booking-appointments';
import { registerCalendarRoutes } from './booking-calendars';
import { registerCalendarLinkRoutes } from './calendar-links';

export function registerBookingRoutes(app: Hono<AppEnv>): void {
  // Fixed paths first: /appointment/widget_data must not be read as /appointment/{id}.
  registerCalendarRoutes(app);
  registerAppointmentRoutes(app);
  registerCalendarLinkRoutes(app);
}
