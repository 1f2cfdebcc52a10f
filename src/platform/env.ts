/**
 * The bindings and variables the worker runs with (wrangler.toml, .dev.vars, secrets).
 * Handlers receive them as Hono's `c.env`; nothing reads them at module load.
 */
import type { RandomBytes } from '../lib/ids';
import type { WebhookMessage } from './webhooks/send';

export interface Bindings {
  DB: D1Database;
  UPLOADS: R2Bucket;
  PAGE_CACHE: KVNamespace;
  /** The `edgefunnel-views` queue: views counted off the request path (src/serving/count-view.ts); without it no view is counted. */
  VIEW_QUEUE?: Queue<unknown>;
  /** Bearer token of the admin API; admin calls are refused while it is unset. */
  ADMIN_TOKEN?: string;
  /** When set, browser calls are forwarded to this upstream platform API instead of the built-in one. */
  API_ORIGIN?: string;
  /** Public base URL that storage-bucket image URLs are rewritten to. */
  CDN_BASE?: string;
  /** The site's own static files (public/, the built assets), bound by the Astro adapter; absent in the API's own tests. */
  ASSETS?: Fetcher;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Host:port of a Stripe-compatible API (a local stand-in in tests). */
  STRIPE_API_HOST?: string;
  TURNSTILE_SITE_KEY?: string;
  /** The one secret every signed token's key is derived from (src/platform/secrets.ts); ADMIN_TOKEN stands in when unset. */
  SIGNING_SECRET?: string;
  /** The older name of SIGNING_SECRET, still read. */
  FORM_TOKEN_SECRET?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Where Turnstile tokens are verified (default Cloudflare's siteverify); a local stand-in in browser tests. */
  TURNSTILE_VERIFY_URL?: string;
  /** Multiplies every rate limit of the public calls (services/rate-limit.ts); 1 when unset. */
  RATE_LIMIT_SCALE?: string;
  /** Host that add-to-calendar links point at (requirements WIDGET-CALLS). */
  CALENDAR_LINK_HOST?: string;
  /** Seconds a KV copy of page data is served before it is refreshed in the background (default 30). */
  PAGE_FRESH_SECONDS?: string;
  /** `true` in development (.dev.vars, written by `npm start`) and tests: webhooks may go to http://localhost. */
  WEBHOOKS_ALLOW_LOCALHOST?: string;
  /** The queue webhook deliveries travel through (wrangler.toml, `edgefunnel-webhooks`; src/platform/webhooks/). */
  WEBHOOK_QUEUE?: Queue<WebhookMessage>;
  /** Where a delivery that failed for 3 days goes (`edgefunnel-webhooks-dlq`). */
  WEBHOOK_DLQ?: Queue<WebhookMessage & { reason: string }>;
  /** Benches only: multiplies every webhook retry delay (0 to 1; src/lib/webhook-retry.ts). */
  WEBHOOK_RETRY_SCALE?: string;
  /** Tests only (vitest.config.ts): `settable` lets a request set its clock (./clock.ts). Never set in a deployment. */
  TEST_CLOCK?: string;
}

/** What ./clock.ts puts on every request's context. */
export interface RequestVariables {
  /** The request's instant, in milliseconds since the epoch. */
  now: number;
  random: RandomBytes;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: RequestVariables;
}
