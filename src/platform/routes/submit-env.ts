/** What the widget routes hand the submission services: bindings, the request's clock and randomness, and the 422 answer. */
import type { Context } from 'hono';
import { todayIn } from '../../lib/time/today';
import type { FieldError } from '../../lib/validation/fields';
import type { AppEnv } from '../env';
import type { SubmitEnv } from '../services/submissions';

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
    remoteIp: c.req.header('cf-connecting-ip') ?? null,
    secrets: c.env,
  };
}

/** 422 with every field error; `msg` is the first one. */
export function fieldErrors(c: Context<AppEnv>, errors: readonly FieldError[]): Response {
  return c.json({ msg: errors[0]?.msg ?? 'Please check the form.', errors }, 422);
}
