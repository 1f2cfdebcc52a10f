/**
 * The signed, expiring form token of the spam defence: `{issuedAt}.{HMAC-SHA256 of
 * kind:id:issuedAt}`, base64url. It proves the submission comes from a form we showed,
 * not too quickly and not too long ago. Its key is the `form-token` key of
 * src/platform/secrets.ts.
 */
import { hmacSign, hmacVerify } from '../../lib/signing';
import { type DefendedKind, FORM_TOKEN_TTL_MS, MIN_FILL_MS, type SpamReason } from '../../lib/spam-defence';
import { type SigningSecrets, signingKey } from '../secrets';

/** The bindings the token's key comes from. */
export type TokenSecrets = SigningSecrets;

const secretOf = (env: TokenSecrets) => signingKey(env, 'form-token');

export async function issueFormToken(env: TokenSecrets, kind: DefendedKind, id: string, now: number): Promise<string> {
  return `${now}.${await hmacSign(secretOf(env), `${kind}:${id}:${now}`)}`;
}

/** Why the token is refused, or null when it is good and old enough. */
export async function checkFormToken(env: TokenSecrets, kind: DefendedKind, id: string, token: unknown, now: number): Promise<SpamReason | null> {
  if (typeof token !== 'string' || token === '') return 'token_missing';
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'token_invalid';
  const issuedAt = Number(match[1]);
  if (!(await hmacVerify(secretOf(env), `${kind}:${id}:${issuedAt}`, match[2] ?? ''))) return 'token_invalid';
  if (issuedAt > now + 60_000 || now - issuedAt > FORM_TOKEN_TTL_MS) return 'token_expired';
  if (now - issuedAt < MIN_FILL_MS) return 'too_fast';
  return null;
}
