/**
 * Who may call the admin API: a script with the bearer token, or the dashboard with its
 * session cookie (./session.ts) and, on every write, the session's CSRF token.
 *
 * The bearer token is checked by `hono/bearer-auth`, which compares in constant time (both
 * sides hashed with SHA-256 first, so neither the content nor the length of the secret leaks
 * through timing). Without an ADMIN_TOKEN every admin call is refused, the session's too;
 * there is no default token. Every refusal is the same 401 with a JSON `msg`: a missing
 * header, another scheme, a wrong token and a missing or ended session alike (bearer-auth
 * answers a malformed header with 400); a session's write without its CSRF token is 403.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { AppEnv } from '../env';
import { CSRF_HEADER, csrfHolds, requestSession } from './session';

const REFUSED = 'A valid admin token is required';

const refuse = (c: Context) => c.json({ msg: REFUSED }, 401, { 'www-authenticate': 'Bearer' });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses a request with 401 unless it carries `Authorization: Bearer <ADMIN_TOKEN>` or a live dashboard session (with its CSRF token on writes). */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async function adminToken(c, next) {
    const token = c.env.ADMIN_TOKEN?.trim();
    if (!token) return refuse(c);
    if (!c.req.header('authorization')) {
      const session = await requestSession(c.env.DB, c.env, c.req.raw, c.var.now);
      if (!session) return refuse(c);
      if (!SAFE_METHODS.has(c.req.method) && !(await csrfHolds(c.env, session, c.req.header(CSRF_HEADER)))) {
        return c.json({ msg: 'The CSRF token is missing or wrong; reload the dashboard' }, 403);
      }
      return next();
    }
    const refusal = { message: refuse };
    // Made per request: the token is a binding, known only once a request arrives.
    return bearerAuth<AppEnv>({ token, noAuthenticationHeader: refusal, invalidAuthenticationHeader: refusal, invalidToken: refusal })(c, next);
  };
}
