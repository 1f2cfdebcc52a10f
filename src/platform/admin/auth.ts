/**
 * The admin API's bearer token, checked by `hono/bearer-auth`, which compares in constant
 * time (both sides hashed with SHA-256 first, so neither the content nor the length of the
 * secret leaks through timing). Without an ADMIN_TOKEN every admin call is refused; there
 * is no default token. Every refusal is the same 401 with a JSON `msg`: a missing header,
 * another scheme and a wrong token alike (bearer-auth answers a malformed header with 400).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { AppEnv } from '../env';

const REFUSED = 'A valid admin token is required';

const refuse = (c: Context) => c.json({ msg: REFUSED }, 401, { 'www-authenticate': 'Bearer' });

/** Refuses a request with 401 unless it carries `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async function adminToken(c, next) {
    const token = c.env.ADMIN_TOKEN?.trim();
    if (!token) return refuse(c);
    const refusal = { message: refuse };
    // Made per request: the token is a binding, known only once a request arrives.
    return bearerAuth<AppEnv>({ token, noAuthenticationHeader: refusal, invalidAuthenticationHeader: refusal, invalidToken: refusal })(c, next);
  };
}
