/*
 * Signing with a secret: HMAC-SHA256 through Web Crypto (workerd and browsers alike), the
 * signature in base64url, and its check in constant time, so how long a refusal takes does
 * not tell how much of a forged signature was right.
 */

const encoder = new TextEncoder();

/** Bytes in base64url without padding. */
export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The HMAC-SHA256 of `text` under `secret`, base64url without padding (43 characters). */
export async function hmacSign(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))));
}

/** Whether two strings are equal, in a time that depends on their length only. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether `signature` is the HMAC-SHA256 of `text` under `secret`. */
export async function hmacVerify(secret: string, text: string, signature: string): Promise<boolean> {
  return sameText(signature, await hmacSign(secret, text));
}
