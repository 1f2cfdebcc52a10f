/**
 * When a failed webhook delivery is tried again, when it is given up, and when an endpoint
 * is paused (issue 27). Pure: the consumer (src/platform/webhooks/consumer.ts) passes the
 * times in.
 *
 * Delays grow from 30 s to 12 h (the longest delay a Cloudflare Queue message may take) and
 * stay at 12 h; the last try lands on the end of the 3 days, after which the delivery is
 * dead (sent to the dead-letter queue).
 */

/** Seconds before the 1st, 2nd, … retry; the last repeats. */
export const RETRY_DELAYS_S = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200] as const;
/** How long a delivery is retried, from its event (or its release by a paused endpoint). */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** An endpoint is paused after this many failed attempts in a row … */
export const PAUSE_AFTER_FAILURES = 10;
/** … that have gone on for at least this long (a short outage never pauses). */
export const PAUSE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Seconds until the retry after failed attempt number `attempts` (1-based), or null when the
 * window has ended and the delivery is dead. `scale` shortens every delay (benches; 1 in a
 * deployment); a scaled delay may be 0.
 */
export function retryDelaySeconds(attempts: number, retryFrom: number, now: number, scale = 1): number | null {
  const left = retryFrom + RETRY_WINDOW_MS - now;
  if (left <= 0) return null;
  const base = RETRY_DELAYS_S[Math.min(Math.max(attempts, 1), RETRY_DELAYS_S.length) - 1] ?? 43_200;
  return Math.round(Math.min(base, Math.ceil(left / 1000)) * scale);
}

/** Whether an endpoint failing `failures` times in a row since `failingSince` is to be paused. */
export function shouldPause(failures: number, failingSince: number | null, now: number): boolean {
  return failures >= PAUSE_AFTER_FAILURES && failingSince !== null && now - failingSince >= PAUSE_AFTER_MS;
}

/** The delay scale a deployment's WEBHOOK_RETRY_SCALE names: a number from 0 to 1, else 1. */
export function retryScale(value: string | undefined): number {
  const scale = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(scale) && scale >= 0 && scale <= 1 ? scale : 1;
}
