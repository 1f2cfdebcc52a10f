/**
 * Webhook signatures as the Standard Webhooks specification defines them
 * (https://www.standardwebhooks.com): a secret is `whsec_` + base64 of its key bytes; the
 * signature of a message is `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`
 * under those bytes. Every active secret signs, space-separated, so a receiver keeps
 * verifying while the seller rotates from one secret to the next.
 */
import type { RandomBytes } from './ids';

const encoder = new TextEncoder();
export const SECRET_PREFIX = 'whsec_';
/** Key bytes of a generated secret (the specification asks for 24 to 64). */
const SECRET_BYTES = 24;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A new secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(random: RandomBytes): string {
  return `${SECRET_PREFIX}${toBase64(random(SECRET_BYTES))}`;
}

/** Whether `secret` is `whsec_` + base64 of 24 to 64 bytes. */
export function isWebhookSecret(secret: string): boolean {
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!secret.startsWith(SECRET_PREFIX) || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return false;
  const size = fromBase64(encoded).length;
  return size >= 24 && size <= 64;
}

async function signOne(secret: string, content: string): Promise<string> {
  const bytes = fromBase64(secret.slice(SECRET_PREFIX.length));
  const key = await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `v1,${toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content))))}`;
}

/** The three headers of a signed message: `webhook-id`, `webhook-timestamp` (seconds), `webhook-signature`. */
export async function webhookHeaders(id: string, timestampSeconds: number, body: string, secrets: readonly string[]): Promise<Record<string, string>> {
  const content = `${id}.${timestampSeconds}.${body}`;
  const signatures = await Promise.all(secrets.map((secret) => signOne(secret, content)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': signatures.join(' ') };
}
