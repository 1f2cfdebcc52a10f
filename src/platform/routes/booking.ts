/** Routes of the booking area: thin handlers over services. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export function registerBookingRoutes(_app: Hono<AppEnv>): void {}
