/**
 * Identifiers, browser and server alike, all drawn from crypto.getRandomValues (or the
 * randomness passed in): crypto.randomUUID exists only in secure contexts, and a seller's
 * domain may still be served over plain http, where it is missing.
 * - `newId`: a readable prefix and 16 random base-36 characters (rows: `ct_…`, `sub_…`);
 * - `randomUuid`: a random UUID v4 (idempotency keys, visitor fingerprints);
 * - a fingerprint is a random UUID v4 (requirements PAGE-DATA), whoever mints it.
 */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export type RandomBytes = (size: number) => Uint8Array;

export const cryptoRandom: RandomBytes = (size) => crypto.getRandomValues(new Uint8Array(size));

export function newId(prefix: string, random: RandomBytes = cryptoRandom): string {
  const bytes = random(16);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 36];
  return `${prefix}_${out}`;
}

/** Ids that documents and URLs may carry: letters, digits, `_` and `-`, at most 64. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A random UUID v4 in lower case, as crypto.randomUUID makes, but in any context. */
export function randomUuid(random: RandomBytes = cryptoRandom): string {
  const bytes = Uint8Array.from(random(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True when the value is a fingerprint this product issues (a random UUID v4, lower case). */
export function isValidFingerprint(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

/** A new visitor fingerprint. */
export const newFingerprint = (random: RandomBytes = cryptoRandom): string => randomUuid(random);
