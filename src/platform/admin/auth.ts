/**
 * The admin API's bearer token. The token is compared in constant time: both sides are
 * hashed with SHA-256 and the digests compared byte by byte without an early exit, so
 * neither the content nor the length of the secret leaks through timing. Without an
 * ADMIN_TOKEN every admin call is refused; there is no default token.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** True when `given` equals `secret`, taking the same time whatever `given` is. */
export async function sameSecret(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Refuses a request with 401 unless it carries `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async function adminToken(c, next) {
    const secret = c.env.ADMIN_TOKEN?.trim();
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!secret || !match?.[1] || !(await sameSecret(match[1], secret))) {
      return c.json({ msg: 'A valid admin token is required' }, 401, { 'www-authenticate': 'Bearer' });
    }
    await next();
  };
}
