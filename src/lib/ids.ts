/** Identifiers: a readable prefix and 16 random base-36 characters from the given source of randomness. */
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
