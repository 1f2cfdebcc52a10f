/**
 * The built-in spam defence of form, survey and booking submissions (src/lib/spam-defence.ts):
 * honeypot, signed form token with a minimum fill time and not used by another submission,
 * then a fixed-window rate limit per IP and form and per form (times RATE_LIMIT_SCALE). A
 * refusal is counted per widget, reason and day, and nothing else is written.
 */
import { type DefendedKind, HONEYPOT_FIELD, FORM_TOKEN_FIELD, type SpamReason } from '../../lib/spam-defence';
import { checkFormToken, TOKEN_USED_MSG, type TokenSecrets, tokenUsedByAnother } from './form-token';
import { overLimit } from './rate-limit';

export interface RateLimits {
  /** Submissions one IP may send to one form per window. */
  perIp: number;
  perIpWindowMs: number;
  /** Submissions one form takes per window, from everyone. */
  perForm: number;
  perFormWindowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perIp: 20, perIpWindowMs: 10 * 60_000, perForm: 300, perFormWindowMs: 60_000 };

export interface DefenceInput {
  db: D1Database;
  secrets: TokenSecrets;
  kind: DefendedKind;
  refId: string;
  payload: Readonly<Record<string, unknown>>;
  /** The submission's idempotency key (a token used under another key is refused). */
  idempotencyKey: string | null;
  ip: string;
  now: number;
  limits?: RateLimits;
  /** RATE_LIMIT_SCALE (services/rate-limit.ts). */
  scale: number;
}

/** What a refusal answers: 403 for a failed check, 429 when over the limit. */
export interface Refusal {
  status: 403 | 429;
  reason: SpamReason;
  msg: string;
}

const MESSAGES: Record<SpamReason, string> = {
  honeypot: 'The submission was refused as spam.',
  too_fast: 'The form was submitted too quickly. Please try again.',
  token_missing: 'The form has expired. Please reload the page and try again.',
  token_invalid: 'The form has expired. Please reload the page and try again.',
  token_expired: 'The form has expired. Please reload the page and try again.',
  token_used: TOKEN_USED_MSG,
  rate_limited: 'Too many submissions. Please wait a few minutes and try again.',
  captcha: 'Invalid Captcha',
};

function refusal(reason: SpamReason): Refusal {
  return { status: reason === 'rate_limited' ? 429 : 403, reason, msg: MESSAGES[reason] };
}

/** Counts a refused submission. */
export async function countRejection(db: D1Database, kind: DefendedKind, refId: string, reason: SpamReason, now: number): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  await db
    .prepare(
      `INSERT INTO spam_rejections (kind, ref_id, reason, day, count) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (kind, ref_id, reason, day) DO UPDATE SET count = count + 1`,
    )
    .bind(kind, refId, reason, day)
    .run();
}

/** Checks a submission; the refusal (already counted), or null when it may go on. */
export async function defendSubmission(input: DefenceInput): Promise<Refusal | null> {
  const limits = input.limits ?? DEFAULT_RATE_LIMITS;
  const honeypot = input.payload[HONEYPOT_FIELD];
  let reason: SpamReason | null = typeof honeypot === 'string' && honeypot.trim() !== '' ? 'honeypot' : null;
  const token = input.payload[FORM_TOKEN_FIELD];
  reason ??= await checkFormToken(input.secrets, input.kind, input.refId, token, input.now);
  if (!reason && (await tokenUsedByAnother(input.db, token, input.idempotencyKey))) reason = 'token_used';
  if (!reason) {
    const buckets = [
      { key: `ip:${input.kind}:${input.refId}:${input.ip}`, windowMs: limits.perIpWindowMs, limit: limits.perIp },
      { key: `form:${input.kind}:${input.refId}`, windowMs: limits.perFormWindowMs, limit: limits.perForm },
    ];
    if (await overLimit(input.db, buckets, input.now, input.scale)) reason = 'rate_limited';
  }
  if (!reason) return null;
  await countRejection(input.db, input.kind, input.refId, reason, input.now);
  return refusal(reason);
}
