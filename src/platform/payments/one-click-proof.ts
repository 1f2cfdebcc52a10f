/**
 * The proof a one-click upsell needs: a signed, httpOnly cookie set on the answer of a paid
 * order, naming that order and when it was paid. A payment button may charge the card of
 * that order only while the proof is fresh (ONE_CLICK_WINDOW_MS) and only on the funnel it
 * was paid in. The browser cannot read, forge or carry it from another site; a fingerprint
 * (readable by any script) proves nothing.
 */

import { apiPath } from '../../schemas/calls/define-call';
import { paymentsRoutes } from '../../schemas/calls/payments-routes';

/** How long after a paid order its card may be charged again with one click. */
export const ONE_CLICK_WINDOW_MS = 30 * 60 * 1000;

/** Cookie sent only to the payment calls: the folder of the pay call's path (card setup and pay). */
const PAY_PATH = apiPath(paymentsRoutes.pay);
const COOKIE_PATH = PAY_PATH.slice(0, PAY_PATH.lastIndexOf('/'));

export interface OneClickProof {
  orderId: string;
  funnelId: string;
  paidAt: number;
}

const cookieName = (funnelId: string) => `ef_oneclick_${funnelId.replace(/[^A-Za-z0-9_-]/g, '')}`;

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function mac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(`edgefunnel one-click proof\n${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return b64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text))));
}

const signedText = (p: OneClickProof) => `${p.funnelId}|${p.orderId}|${p.paidAt}`;

/** Constant-time comparison of two strings of the same alphabet. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The Set-Cookie header value of a paid order's proof. */
export async function proofCookie(secret: string, proof: OneClickProof, secure: boolean): Promise<string> {
  const value = `${proof.orderId}.${proof.paidAt}.${await mac(secret, signedText(proof))}`;
  const attrs = [`${cookieName(proof.funnelId)}=${value}`, `Max-Age=${ONE_CLICK_WINDOW_MS / 1000}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

/** The valid, fresh proof for `funnelId` in a Cookie header, or null. */
export async function readProof(secret: string, cookieHeader: string | null | undefined, funnelId: string, now: number): Promise<OneClickProof | null> {
  const name = cookieName(funnelId);
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const m = raw ? /^([A-Za-z0-9_-]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(raw) : null;
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const proof = { orderId: m[1], funnelId, paidAt: Number(m[2]) };
  if (!same(m[3], await mac(secret, signedText(proof)))) return null;
  if (proof.paidAt > now || now - proof.paidAt > ONE_CLICK_WINDOW_MS) return null;
  return proof;
}
