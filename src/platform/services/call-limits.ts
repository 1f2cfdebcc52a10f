/**
 * Rate limits of the public funnel calls (issue 32), all numbers in one place: the unique-email
 * check, which tells whether an email is a contact, per client address and per location;
 * the opt-in and the page's events per client address. A refused call answers 429 and
 * writes nothing. Counted in D1 by `overLimit` (./rate-limit.ts), times RATE_LIMIT_SCALE.
 */
import { ApiError } from '../http';
import { overLimit, type RateBucket } from './rate-limit';

const MINUTE = 60_000;

interface Limit {
  limit: number;
  windowMs: number;
}

/** Per call: the limit per client address, and (where the call names one) per location. */
export const CALL_LIMITS = {
  exists: { perIp: { limit: 10, windowMs: 10 * MINUTE }, perLocation: { limit: 100, windowMs: MINUTE } },
  contact: { perIp: { limit: 20, windowMs: 10 * MINUTE } },
  funnelEvent: { perIp: { limit: 120, windowMs: 10 * MINUTE } },
} as const satisfies Record<string, { perIp: Limit; perLocation?: Limit }>;

export type LimitedCall = keyof typeof CALL_LIMITS;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/** Who is calling: the client address (CF-Connecting-IP, as the forms use it) and, when the call names one, the location. */
export interface Caller {
  ip: string | null;
  locationId?: string;
}

function bucketsOf(call: LimitedCall, caller: Caller): RateBucket[] {
  const limits: { perIp: Limit; perLocation?: Limit } = CALL_LIMITS[call];
  // Without an address (a request that did not come through Cloudflare) all such callers share one bucket.
  const buckets: RateBucket[] = [{ key: `ip:${call}:${caller.ip ?? 'unknown'}`, ...limits.perIp }];
  if (limits.perLocation && caller.locationId) buckets.push({ key: `location:${call}:${caller.locationId}`, ...limits.perLocation });
  return buckets;
}

/** Counts the call; throws a 429 when the caller (or the location) is over its limit. */
export async function assertWithinCallLimit(db: D1Database, call: LimitedCall, caller: Caller, now: number, scale: number): Promise<void> {
  if (await overLimit(db, bucketsOf(call, caller), now, scale)) throw new ApiError(429, TOO_MANY_REQUESTS);
}
