/**
 * The built-in spam defence of forms, surveys and bookings, as browser and server both need
 * to know it (no third party): a honeypot field people never fill, a minimum time between
 * the form being shown and its submission, a signed expiring form token issued with the
 * form and used by one submission, and a rate limit per IP and per form (server side only).
 * Each submission also carries an idempotency key, so a retry stores it once.
 */

/** The honeypot: an input hidden from people (off-screen, not focusable); bots fill it. */
export const HONEYPOT_FIELD = 'hp_website';

/** The signed form token (`{issuedAt}.{nonce}.{signature}`), issued with the form or by GET /widget-token. */
export const FORM_TOKEN_FIELD = 'formToken';

/** The submission's idempotency key: a retry, double click or replay with it stores one submission. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** A submission sooner than this after the token was issued is refused. */
export const MIN_FILL_MS = 2_000;

/** A form token older than this is refused (the widget fetches a fresh one and retries). */
export const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Why a submission was refused by the defence (the answer's `reason`). */
export type SpamReason = 'honeypot' | 'too_fast' | 'token_missing' | 'token_invalid' | 'token_expired' | 'token_used' | 'rate_limited' | 'captcha';

/** An idempotency key: what crypto.randomUUID makes, or any 8-64 letters, digits, `_` and `-`. */
export const IDEMPOTENCY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The widget kinds the defence guards (a token names its kind): forms, surveys and calendars' bookings. */
export const DEFENDED_KINDS = ['form', 'survey', 'calendar'] as const;

export type DefendedKind = (typeof DEFENDED_KINDS)[number];
