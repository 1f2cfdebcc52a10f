/*
 * The visitor's identity: a fingerprint cookie holding a random id, kept one year on path /
 * (requirements PAGE-DATA, PAGE-LIMITS). A cookie whose value is not a valid fingerprint is replaced by a new
 * one, and the old value travels once as `old_fingerprint` so the platform can merge them.
 */
import { type CookieOptions, readCookie } from './cookies';

/** Name of the fingerprint cookie. */
export const FINGERPRINT_COOKIE = 'fingerprint';
/** One year in seconds: lifetime of the fingerprint (and membership) cookie. */
export const ONE_YEAR_SECONDS = 31536000;

const FINGERPRINT_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True when the value is a fingerprint this product issues (a random UUID v4). */
export function isValidFingerprint(value: string | null | undefined): value is string {
  return typeof value === 'string' && FINGERPRINT_PATTERN.test(value);
}

/** The visitor's fingerprint and, when the cookie had to be replaced, what it held before. */
export interface VisitorIdentity {
  fingerprint: string;
  /** Present only when a cookie existed but its value was not a valid fingerprint. */
  oldFingerprint?: string;
  /** True when the cookie must be (re)written. */
  write: boolean;
}

/** Decides the fingerprint from the cookie header; `newId` supplies a fresh random UUID. */
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

/** Fills a byte array with random values (crypto.getRandomValues, also on plain-http pages). */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => unknown;

/**
 * A new fingerprint: a random UUID v4 built from `fill`. crypto.randomUUID exists only in
 * secure contexts, and a seller's domain may still be served over plain http.
 */
export function newFingerprint(fill: RandomFill = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
