/** Routes of the funnel area: thin handlers over services. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export function registerFunnelRoutes(_app: Hono<AppEnv>): void {}
