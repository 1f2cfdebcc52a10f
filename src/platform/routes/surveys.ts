/** Routes of the surveys area: thin handlers over services. */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export function registerSurveysRoutes(_app: Hono<AppEnv>): void {}
