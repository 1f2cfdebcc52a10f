/*
 * The browser's cookies through one door: reading and writing `document.cookie` with the pure
 * helpers of src/lib/tracking/cookies.ts. Secure is added on https pages.
 */
import { readCookie, serializeCookie } from '../lib/tracking/cookies';

/** One cookie of the page, or null. */
export function getCookie(name: string): string | null {
  return readCookie(document.cookie, name);
}

/** Sets a cookie on path / for `maxAge` seconds. */
export function setCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = serializeCookie(name, value, { maxAge, path: '/', secure });
}
