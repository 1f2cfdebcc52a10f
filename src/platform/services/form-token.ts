/**
 * The signed, expiring form token of the spam defence: `{issuedAt}.{nonce}.{HMAC-SHA256 of
 * kind:id:issuedAt:nonce}`, base64url. It proves the submission comes from a form we
 * showed, not too quickly and not too long ago. Its key is the `form-token` key of
 * src/platform/secrets.ts. The token is read strictly: exactly that shape, the instant in
 * plain decimal without leading zeros, so one token has one spelling.
 *
 * A token serves one submission: the first one accepted claims it with its idempotency key
 * (table `form_token_uses`, in the batch that stores the submission; the primary key makes
 * the claim atomic). A retry with the same key answers the first submission; the same token
 * with another key is refused (`token_used`), so a replayed token stores nothing more.
 */
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { base64url, hmacSign, hmacVerify } from '../../lib/signing';
import { type DefendedKind, FORM_TOKEN_TTL_MS, MIN_FILL_MS, type SpamReason } from '../../lib/spam-defence';
import { HTTPException } from 'hono/http-exception';
import { type SigningSecrets, signingKey } from '../secrets';

/** The bindings the token's key comes from. */
export type TokenSecrets = SigningSecrets;

const secretOf = (env: TokenSecrets) => signingKey(env, 'form-token');

/** How far ahead of the server's clock a token's instant may be (clock skew between workers). */
const SKEW_MS = 60_000;

const TOKEN_PATTERN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

const signed = (kind: DefendedKind, id: string, issuedAt: number, nonce: string) => `${kind}:${id}:${issuedAt}:${nonce}`;

export async function issueFormToken(env: TokenSecrets, kind: DefendedKind, id: string, now: number, random: RandomBytes = cryptoRandom): Promise<string> {
  const nonce = base64url(random(12));
  return `${now}.${nonce}.${await hmacSign(secretOf(env), signed(kind, id, now, nonce))}`;
}

/** The instant a well-formed token names (not checked against its signature), or null. */
function issuedAtOf(token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? Number(match[1]) : null;
}

/** Why the token is refused, or null when it is good and old enough. */
export async function checkFormToken(env: TokenSecrets, kind: DefendedKind, id: string, token: unknown, now: number): Promise<SpamReason | null> {
  if (typeof token !== 'string' || token === '') return 'token_missing';
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return 'token_invalid';
  const issuedAt = Number(match[1]);
  if (!(await hmacVerify(secretOf(env), signed(kind, id, issuedAt, match[2] ?? ''), match[3] ?? ''))) return 'token_invalid';
  if (issuedAt > now + SKEW_MS || now - issuedAt > FORM_TOKEN_TTL_MS) return 'token_expired';
  if (now - issuedAt < MIN_FILL_MS) return 'too_fast';
  return null;
}

/** Whether another submission (another idempotency key, or none) has claimed the token. */
export async function tokenUsedByAnother(db: D1Database, token: unknown, idempotencyKey: string | null): Promise<boolean> {
  if (typeof token !== 'string' || token === '') return false;
  const row = await db.prepare('SELECT idempotency_key FROM form_token_uses WHERE token = ?').bind(token).first<{ idempotency_key: string | null }>();
  return row !== null && (idempotencyKey === null || row.idempotency_key !== idempotencyKey);
}

/**
 * The statement claiming a checked token for the submission with this idempotency key, for
 * the batch that stores the submission (none for a malformed token, which the defence
 * refused before). It fails the batch when the token is claimed already.
 */
export function claimFormToken(db: D1Database, kind: string, refId: string, token: unknown, idempotencyKey: string | null): D1PreparedStatement[] {
  const issuedAt = typeof token === 'string' ? issuedAtOf(token) : null;
  if (issuedAt === null) return [];
  return [
    db
      .prepare('INSERT INTO form_token_uses (token, kind, ref_id, idempotency_key, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(token, kind, refId, idempotencyKey, issuedAt + FORM_TOKEN_TTL_MS + SKEW_MS),
  ];
}

/** Whether a batch failed because its token was claimed first by another submission. */
export const isTokenClaimed = (err: unknown): boolean => /UNIQUE constraint failed: form_token_uses/i.test(String((err as Error)?.message ?? err));

/** The refusal of a submission whose token another submission claimed while it was checked: the defence's 403 `token_used`. */
export const tokenUsedError = (): HTTPException =>
  new HTTPException(403, { res: Response.json({ msg: TOKEN_USED_MSG, reason: 'token_used' satisfies SpamReason }, { status: 403 }) });

/** What a visitor reads when their token served another submission already. */
export const TOKEN_USED_MSG = 'This form was sent already. Please reload the page to send it again.';

/** Deletes the claims of tokens that have expired (the scheduled sweep); answers how many. */
export async function sweepFormTokenUses(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare('DELETE FROM form_token_uses WHERE expires_at <= ?').bind(now).run();
  return result.meta.changes ?? 0;
}
