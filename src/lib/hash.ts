/** FNV-1a (32 bit) over `text`'s code points (the first UTF-16 unit of each), in base 36: a cheap, stable fingerprint, not a secret. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}
