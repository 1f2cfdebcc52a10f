/**
 * The proof a one-click upsell needs: a signed, httpOnly cookie set on the answer of a paid
 * order, naming that order, its buyer (the contact, '' for none) and when it was paid. A
 * payment button may charge the card of that order only for that buyer, only on the
 * funnel it was paid in, and only while the proof is fresh: ONE_CLICK_WINDOW_MS from the
 * first purchase, which an upsell bought with the proof does not extend (the answer of an
 * upsell carries the same proof, for the time left). The browser cannot read, forge or carry
 * it from another site; a fingerprint (readable by any script) proves nothing.
 *
 * Signed with `hono/cookie` (HMAC-SHA-256, checked by WebCrypto's verify). The key names
 * the funnel, so a proof copied under another funnel's cookie name does not verify, and
 * its purpose, because the secret is the payment provider's, which signs nothing else here.
 */
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';

import { apiPath } from '../../schemas/calls/define-call';
import { paymentsRoutes } from '../../schemas/calls/payments-routes';

/** How long after the first paid order of a visit its card may be charged again with one click. */
export const ONE_CLICK_WINDOW_MS = 30 * 60 * 1000;

/** Cookie sent only to the payment calls: the folder of the pay call's path (card setup and pay). */
const PAY_PATH = apiPath(paymentsRoutes.pay);
const COOKIE_PATH = PAY_PATH.slice(0, PAY_PATH.lastIndexOf('/'));

export interface OneClickProof {
  orderId: string;
  funnelId: string;
  /** The buyer: the order's contact, '' when it has none. */
  contactId: string;
  /** When the first order of this proof was paid; the window counts from it. */
  paidAt: number;
}

const cookieName = (funnelId: string) => `ef_oneclick_${funnelId.replace(/[^A-Za-z0-9_-]/g, '')}`;

const signingKey = (secret: string, funnelId: string) => `edgefunnel one-click proof\n${funnelId}\n${secret}`;

/** Sets the proof on the answer for the rest of its window (Secure when the request came over https). */
export async function setProof(c: Context, secret: string, proof: OneClickProof, now: number): Promise<void> {
  const left = Math.max(0, Math.floor((proof.paidAt + ONE_CLICK_WINDOW_MS - now) / 1000));
  await setSignedCookie(c, cookieName(proof.funnelId), `${proof.orderId}.${proof.contactId}.${proof.paidAt}`, signingKey(secret, proof.funnelId), {
    maxAge: Math.min(left, ONE_CLICK_WINDOW_MS / 1000),
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

/** The valid, fresh proof for `funnelId` the request carries, or null. */
export async function readProof(c: Context, secret: string, funnelId: string, now: number): Promise<OneClickProof | null> {
  const value = await getSignedCookie(c, signingKey(secret, funnelId), cookieName(funnelId));
  const m = typeof value === 'string' ? /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{0,64})\.(\d{1,16})$/.exec(value) : null;
  if (!m?.[1] || m[2] === undefined || !m[3]) return null;
  const proof = { orderId: m[1], funnelId, contactId: m[2], paidAt: Number(m[3]) };
  if (proof.paidAt > now || now - proof.paidAt > ONE_CLICK_WINDOW_MS) return null;
  return proof;
}
