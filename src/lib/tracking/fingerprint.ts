/*
 * The visitor's identity: a fingerprint cookie holding a random id, kept one year on path /
 * (requirements PAGE-DATA, PAGE-LIMITS). A cookie whose value is not a valid fingerprint is replaced by a new
 * one, and the old value travels once as `old_fingerprint` so the platform can merge them.
 */
import { isValidFingerprint } from '../ids';
import { type CookieOptions, readCookie } from './cookies';

/** Name of the fingerprint cookie. */
export const FINGERPRINT_COOKIE = 'fingerprint';
/** One year in seconds: lifetime of the fingerprint (and membership) cookie. */
export const ONE_YEAR_SECONDS = 31536000;

/** The visitor's fingerprint and, when the cookie had to be replaced, what it held before. */
export interface VisitorIdentity {
  fingerprint: string;
  /** Present only when a cookie existed but its value was not a valid fingerprint. */
  oldFingerprint?: string;
  /** True when the cookie must be (re)written. */
  write: boolean;
}

/** Decides the fingerprint from the cookie header; `newId` supplies a fresh one (`newFingerprint` of src/lib/ids.ts). */
export function resolveFingerprint(cookieHeader: string | null | undefined, newId: () => string): VisitorIdentity {
  const current = readCookie(cookieHeader, FINGERPRINT_COOKIE);
  if (isValidFingerprint(current)) return { fingerprint: current, write: false };
  const fingerprint = newId();
  if (current === null || current === '') return { fingerprint, write: true };
  return { fingerprint, oldFingerprint: current, write: true };
}

/** Cookie options of the fingerprint cookie. */
export function fingerprintCookieOptions(secure: boolean): CookieOptions {
  return { maxAge: ONE_YEAR_SECONDS, path: '/', secure };
}
