/*
 * Cookies as plain strings: parse a `document.cookie` / Cookie header and build one
 * `Set-Cookie`-style assignment. Pure, so the fingerprint, membership and timer cookies are
 * read and written the same way in the browser, on the server and in tests.
 */

/** Options of one cookie assignment. */
export interface CookieOptions {
  /** Lifetime in seconds; 0 or less deletes the cookie. */
  maxAge: number;
  /** Defaults to '/'. */
  path?: string;
  /** Adds `Secure` (pages served over https). */
  secure?: boolean;
}

/** Every cookie of a `document.cookie` string or Cookie header, by name (first one wins). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, safeDecode(part.slice(eq + 1).trim()));
  }
  return cookies;
}

/** One cookie's value, or null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  return parseCookies(header).get(name) ?? null;
}

/** The assignment string for `document.cookie = …` (SameSite=Lax, path / unless given). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
