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

/**
 * `response` with `cookies` appended as Set-Cookie, made private to its visitor (a shared
 * cache must not keep one visitor's cookies for others). The answer's own headers are
 * changed when they can be (a hit's answer is built here, src/serving/html-cache.ts), else a
 * copy is made (a fetched or cached answer's headers are read-only).
 */
export function withVisitorCookies(response: Response, cookies: readonly string[]): Response {
  if (cookies.length === 0) return response;
  let answer = response;
  try {
    answer.headers.append('set-cookie', cookies[0] as string);
  } catch {
    answer = new Response(response.body, response);
    answer.headers.append('set-cookie', cookies[0] as string);
  }
  for (const cookie of cookies.slice(1)) answer.headers.append('set-cookie', cookie);
  const control = answer.headers.get('cache-control');
  if (control === null) answer.headers.set('cache-control', 'private, max-age=0, must-revalidate');
  else if (control.includes('public')) answer.headers.set('cache-control', control.replace('public', 'private'));
  return answer;
}
