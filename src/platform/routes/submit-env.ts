/** What the widget routes hand the submission services: bindings, the request's clock and randomness, the spam defence's input, and the 403/422/429 answers. */
import { RELAYED_VARIANTS_HEADER, variantCookiesOf } from '../services/experiment-tags';
import type { Context } from 'hono';
import { todayIn } from '../../lib/time/today';
import type { FieldError } from '../../lib/validation/fields';
import type { AppEnv } from '../env';
import { firstLanguage } from '../services/consent';
import type { DefendedKind } from '../../lib/spam-defence';
import { rateLimitScale } from '../services/rate-limit';
import type { DefenceInput, Refusal } from '../services/spam-defence';
import { idempotencyKeyOf, type SubmitEnv } from '../services/submissions';

/**
 * The client's address as the platform saw it (CF-Connecting-IP, which Cloudflare sets and a
 * client cannot), or null. X-Real-IP and X-Forwarded-For are whatever the client wrote.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  return c.req.header('cf-connecting-ip') ?? null;
}

/** The services' environment for a request, with `today` in the location's zone. */
export function submitEnv(c: Context<AppEnv>, zone: string): SubmitEnv {
  const { now, random } = c.var;
  return {
    db: c.env.DB,
    bucket: c.env.UPLOADS,
    now,
    today: todayIn(zone, now),
    random,
    turnstileSecret: c.env.TURNSTILE_SECRET_KEY || undefined,
    turnstileUrl: c.env.TURNSTILE_VERIFY_URL || undefined,
    remoteIp: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    language: firstLanguage(c.req.header('accept-language')),
    cookie: c.req.header('cookie') ?? null,
    secrets: c.env,
    variantCookies: variantCookiesOf(c.req.header('cookie'), c.req.header(RELAYED_VARIANTS_HEADER)),
  };
}

/** 422 with every field error; `msg` is the first one. */
export function fieldErrors(c: Context<AppEnv>, errors: readonly FieldError[]): Response {
  return c.json({ msg: errors[0]?.msg ?? 'Please check the form.', errors }, 422);
}

/** What the spam defence checks of a submission to a widget of this kind. */
export function defenceInput(c: Context<AppEnv>, env: SubmitEnv, kind: DefendedKind, refId: string, payload: Readonly<Record<string, unknown>>): DefenceInput {
  const ip = env.remoteIp ?? 'unknown';
  return {
    db: env.db,
    secrets: c.env,
    kind,
    refId,
    payload,
    idempotencyKey: idempotencyKeyOf(payload),
    ip,
    now: env.now,
    limits: env.limits,
    scale: rateLimitScale(c.env),
  };
}

/** The answer of a refused submission (403 or 429 with msg and reason), or null when it may go on. */
export function refusedAnswer(c: Context<AppEnv>, refused: Refusal | null): Response | null {
  return refused ? c.json({ msg: refused.msg, reason: refused.reason }, refused.status) : null;
}
