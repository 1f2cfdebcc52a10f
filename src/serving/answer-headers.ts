/**
 * The headers every answer of the worker carries, whichever path answers it: the Hono app
 * (src/edge.ts, through hono/secure-headers), a published page's edge copy
 * (./html-cache.ts), the last-resort error (./last-resort.ts). Static assets get them from
 * public/_headers. Browsers must not guess another type for an answer (an uploaded name or
 * a JSON msg read as HTML), and a link followed to another site sends the origin only, never
 * the path and query (a preview's token, a visitor's query string).
 */

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
};

/** Sets the headers every answer carries on `headers`. */
export function setAnswerHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) headers.set(name, value);
}
