/**
 * The built-in platform API: every call of both seeds' call tables under `/api`, over D1,
 * R2 and KV. The edge gateway forwards browser calls here in-process unless API_ORIGIN
 * names an upstream.
 */
import { Hono } from 'hono';
import { clock } from './clock';
import { API_BASE } from '../schemas/calls/define-call';
import type { AppEnv } from './env';
import { errorResponse } from './http';
import { registerBookingRoutes } from './routes/booking';
import { registerFormsRoutes } from './routes/forms';
import { registerFunnelRoutes } from './routes/funnel';
import { registerPaymentsRoutes } from './routes/payments';
import { registerSurveysRoutes } from './routes/surveys';
import { sendWebhooksAfterWrites } from './webhooks/flush';

function createPlatformApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>({ strict: false }).basePath(API_BASE);
  api.use('*', clock(), sendWebhooksAfterWrites());
  // Warmup target (requirements FUNNEL-CALLS): the backend base address answers 'Working' when D1 answers.
  api.get('/', async (c) => {
    await c.env.DB.prepare('SELECT 1').first();
    return c.text('Working');
  });
  registerFunnelRoutes(api);
  registerPaymentsRoutes(api);
  registerFormsRoutes(api);
  registerSurveysRoutes(api);
  registerBookingRoutes(api);
  api.notFound((c) => c.json({ msg: 'Not found' }, 404));
  api.onError((err, c) => errorResponse(c, err));
  return api;
}

export const platformApi = createPlatformApi();
