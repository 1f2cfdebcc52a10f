/**
 * The clock and the source of randomness of a request, put on the context once so routes
 * hand them to services (`c.var.now`, `c.var.random`) instead of reading `Date.now()` or
 * `crypto` themselves.
 *
 * Tests set the clock: when the worker runs with the test-only binding TEST_CLOCK (set in
 * vitest.config.ts, never in wrangler.toml or a deployment), a request may name its
 * instant in the TEST_CLOCK_HEADER header, in milliseconds since the epoch. Without that
 * binding the header is ignored, so no visitor can move the server's clock.
 */
import type { MiddlewareHandler } from 'hono';
import { cryptoRandom } from '../lib/ids';
import type { AppEnv } from './env';

/** The header a test names the request's instant in (honoured only under TEST_CLOCK). */
export const TEST_CLOCK_HEADER = 'x-test-now';

/** The request's instant: the test's, where the worker allows tests to set it, else the real one. */
function requestNow(testClock: string | undefined, header: string | undefined, real: () => number = Date.now): number {
  if (testClock !== 'settable' || header === undefined) return real();
  const set = Number(header);
  return Number.isSafeInteger(set) && set > 0 ? set : real();
}

/** Sets `c.var.now` and `c.var.random` for the request. */
export function clock(): MiddlewareHandler<AppEnv> {
  return async function requestClock(c, next) {
    c.set('now', requestNow(c.env.TEST_CLOCK, c.req.header(TEST_CLOCK_HEADER)));
    c.set('random', cryptoRandom);
    await next();
  };
}
