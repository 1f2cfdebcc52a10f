/** What the widget routes hand the submission services: bindings, the request's clock and randomness, and the 422 answer. */
import type { Context } from 'hono';
import { todayIn } from '../../lib/time/today';
import type { FieldError } from '../../lib/validation/fields';
import type { AppEnv } from '../env';
import type { SubmitEnv } from '../services/submissions';

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
    remoteIp: clientIp(c),
    secrets: c.env,
  };
}

/** 422 with every field error; `msg` is the first one. */
export function fieldErrors(c: Context<AppEnv>, errors: readonly FieldError[]): Response {
  return c.json({ msg: errors[0]?.msg ?? 'Please check the form.', errors }, 422);
}
