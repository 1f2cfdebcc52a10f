/*
 * http(s)-only link safety: the one rule for where a page may send a visitor, load a frame
 * or an image from, or redirect to after a submission. Only absolute http: and https: URLs
 * with a host pass (or, where a caller allows them, site-relative paths); javascript:,
 * data:, protocol-relative `//host` and anything unparsable do not.
 */

/** An absolute http(s) URL with a host, as typed. */
export const HTTP_URL = /^https?:\/\/[^/\s]/i;

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text.trim());
}

/** True for a path on this site (`/offer`), not a protocol-relative `//host`. */
export function isSitePath(text: string): boolean {
  return /^\/(?!\/)/.test(text.trim());
}

/**
 * The absolute http(s) URL of `text`, resolved against `base` when given (so a site path or
 * a relative link names a page of `base`'s site); null when it is no http(s) URL.
 */
export function httpUrl(text: string, base?: string): URL | null {
  const trimmed = text.trim();
  if (!base && !isHttpUrl(trimmed)) return null;
  try {
    const url = new URL(trimmed, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}
