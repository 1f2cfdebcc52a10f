/** The admin API under /admin/v1: publish documents behind a bearer token. */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { errorResponse } from '../http';

export function createAdminApi(): Hono<AppEnv> {
  const admin = new Hono<AppEnv>().basePath('/admin');
  admin.all('*', (c) => c.json({ msg: 'Not found' }, 404));
  admin.onError((err, c) => errorResponse(c, err));
  return admin;
}
