/**
 * Rate limits of the public calls (issue 32), all numbers in one place: the unique-email
 * check, which tells whether an email is a contact, per client address and per location;
 * the opt-in, the page's events and its speed reports per client address; slot holds per client address and per
 * calendar, so nobody takes a paid calendar's slots off it. A refused call answers 429 and
 * writes nothing. Counted in D1 by `overLimit` (./rate-limit.ts), times RATE_LIMIT_SCALE.
 */
import { ApiError } from '../http';
import { overLimit, type RateBucket } from './rate-limit';

const MINUTE = 60_000;

interface Limit {
  limit: number;
  windowMs: number;
}

/** Per call: the limit per client address, and (where the call names one) per scope: the location, or the calendar. */
export const CALL_LIMITS = {
  exists: { perIp: { limit: 10, windowMs: 10 * MINUTE }, perScope: { limit: 100, windowMs: MINUTE } },
  contact: { perIp: { limit: 20, windowMs: 10 * MINUTE } },
  funnelEvent: { perIp: { limit: 120, windowMs: 10 * MINUTE } },
  // One report per page view (src/client/vitals.ts), as many as the views a page may report.
  vitals: { perIp: { limit: 120, windowMs: 10 * MINUTE } },
  // A hold lasts 10 minutes; a launch may bring many buyers to one calendar's card step at once.
  hold: { perIp: { limit: 5, windowMs: 10 * MINUTE }, perScope: { limit: 200, windowMs: 10 * MINUTE } },
} as const satisfies Record<string, { perIp: Limit; perScope?: Limit }>;

export type LimitedCall = keyof typeof CALL_LIMITS;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/** Who is calling: the client address (CF-Connecting-IP, as the forms use it) and, when the call names one, its scope (a location or calendar id). */
export interface Caller {
  ip: string | null;
  scope?: string;
}

function bucketsOf(call: LimitedCall, caller: Caller): RateBucket[] {
  const limits: { perIp: Limit; perScope?: Limit } = CALL_LIMITS[call];
  // Without an address (a request that did not come through Cloudflare) all such callers share one bucket.
  const buckets: RateBucket[] = [{ key: `ip:${call}:${caller.ip ?? 'unknown'}`, ...limits.perIp }];
  if (limits.perScope && caller.scope) buckets.push({ key: `scope:${call}:${caller.scope}`, ...limits.perScope });
  return buckets;
}

/** Counts the call; throws a 429 (with `msg`) when the caller or its scope is over its limit. */
export async function assertWithinCallLimit(
  db: D1Database,
  call: LimitedCall,
  caller: Caller,
  now: number,
  scale: number,
  msg = TOO_MANY_REQUESTS,
): Promise<void> {
  if (await overLimit(db, bucketsOf(call, caller), now, scale)) throw new ApiError(429, msg);
}
