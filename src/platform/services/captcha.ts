/**
 * Captcha verification through Cloudflare Turnstile's siteverify API. Tokens are single
 * use and last 300 s, so the server verifies each one exactly once. `fetcher` is the
 * network boundary (the global fetch in production, a stand-in server in tests).
 */

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface CaptchaCheck {
  secret: string;
  token: string;
  remoteIp?: string | null;
  fetcher?: typeof fetch;
  url?: string;
}

/** True when Turnstile accepts the token; false when it refuses it or cannot be reached. */
export async function verifyTurnstile(check: CaptchaCheck): Promise<boolean> {
  if (!check.token || check.token.length > 2048) return false;
  const body = new URLSearchParams({ secret: check.secret, response: check.token });
  if (check.remoteIp) body.set('remoteip', check.remoteIp);
  try {
    const res = await (check.fetcher ?? fetch)(check.url ?? TURNSTILE_VERIFY_URL, { method: 'POST', body });
    if (!res.ok) return false;
    const answer = (await res.json()) as { success?: unknown };
    return answer.success === true;
  } catch (err) {
    console.error('Turnstile verification failed', err);
    return false;
  }
}
