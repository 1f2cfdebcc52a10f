/** Routes of the forms area: thin handlers over services. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export function registerFormsRoutes(_app: Hono<AppEnv>): void {}
