/**
 * The dashboard's sessions (issue 29): the admin token, typed once at /admin, is exchanged
 * for a signed session cookie that the admin API then takes in place of the bearer token.
 *
 * - The cookie `ef_admin` is `{id}.{expiresAt}.{HMAC(id.expiresAt)}` under the
 *   `admin-session` key: HttpOnly, SameSite=Strict, `Path=/admin`, Secure on https, 12 hours.
 *   Its row in `admin_sessions` (migration 0022, keyed by the SHA-256 of the id) is what
 *   sign-out deletes, so a signed-out cookie is refused although its signature still holds.
 * - Every write made with the cookie carries the session's CSRF token, an HMAC of its id
 *   under the `admin-csrf` key (derived, never stored), in the `x-csrf-token` header or a
 *   form's `csrf` field. The page hands it to the dashboard's script; the cookie itself is
 *   never readable by a script.
 * - Only paths under /admin read the cookie (`isAdminPath`), the same rule as its Path.
 */
import { hmacSign, hmacVerify, sameText } from '../../lib/signing';
import { base64url } from '../../lib/signing';
import type { RandomBytes } from '../../lib/ids';
import { sha256Hex } from '../../lib/sha256';
import { type SigningSecrets, signingKey } from '../secrets';

export const SESSION_COOKIE = 'ef_admin';
/** How long a session lasts from its sign-in. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** The header a script sends the CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** Whether a path is the dashboard's or the admin API's: the only ones that read the session cookie. */
export const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/** A verified session: its id and when it ends. */
export interface AdminSession {
  id: string;
  expiresAt: number;
}

/** Starts a session: stores its row (and drops ended ones) and answers the cookie's value. */
export async function startSession(
  db: D1Database,
  secrets: SigningSecrets,
  now: number,
  random: RandomBytes,
): Promise<{ value: string; session: AdminSession }> {
  const id = base64url(random(32));
  const expiresAt = now + SESSION_MS;
  const signature = await hmacSign(signingKey(secrets, 'admin-session'), `${id}.${expiresAt}`);
  await db.batch([
    db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').bind(now),
    db.prepare('INSERT INTO admin_sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex(id), now, expiresAt),
  ]);
  return { value: `${id}.${expiresAt}.${signature}`, session: { id, expiresAt } };
}

/** The session a cookie value names, when its signature holds, it has not ended and it was not signed out; else null. */
export async function readSession(db: D1Database, secrets: SigningSecrets, value: string | undefined, now: number): Promise<AdminSession | null> {
  const match = /^([A-Za-z0-9_-]{43})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const [, id = '', expires = '', signature = ''] = match;
  const expiresAt = Number(expires);
  if (!(await hmacVerify(signingKey(secrets, 'admin-session'), `${id}.${expires}`, signature)) || expiresAt <= now) return null;
  const row = await db
    .prepare('SELECT expires_at FROM admin_sessions WHERE id_hash = ? AND expires_at > ?')
    .bind(await sha256Hex(id), now)
    .first();
  return row ? { id, expiresAt } : null;
}

/** Ends a session (sign-out). */
export async function endSession(db: D1Database, session: AdminSession): Promise<void> {
  await db
    .prepare('DELETE FROM admin_sessions WHERE id_hash = ?')
    .bind(await sha256Hex(session.id))
    .run();
}

/** The CSRF token of a session. */
export const csrfToken = (secrets: SigningSecrets, session: AdminSession): Promise<string> => hmacSign(signingKey(secrets, 'admin-csrf'), session.id);

/** Whether `token` is the session's CSRF token (in constant time). */
export async function csrfHolds(secrets: SigningSecrets, session: AdminSession, token: string | null | undefined): Promise<boolean> {
  return typeof token === 'string' && sameText(token, await csrfToken(secrets, session));
}

/** The Set-Cookie value that stores a session (`value`) or clears it (null). */
export function sessionCookie(value: string | null, secure: boolean, maxAgeSeconds = SESSION_MS / 1000): string {
  const parts = [`${SESSION_COOKIE}=${value ?? ''}`, 'Path=/admin', 'HttpOnly', 'SameSite=Strict', `Max-Age=${value ? maxAgeSeconds : 0}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session cookie's value in a Cookie header, if any. */
export function cookieValue(header: string | null | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** The session a request carries, read only on admin paths. */
export async function requestSession(db: D1Database, secrets: SigningSecrets, request: Request, now: number): Promise<AdminSession | null> {
  if (!isAdminPath(new URL(request.url).pathname)) return null;
  return readSession(db, secrets, cookieValue(request.headers.get('cookie')), now);
}
