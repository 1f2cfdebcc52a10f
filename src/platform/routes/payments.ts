/** Routes of the payments area: thin handlers over services. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export function registerPaymentsRoutes(_app: Hono<AppEnv>): void {}
