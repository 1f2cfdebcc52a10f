/**
 * Cloudflare Turnstile's siteverify API at its network boundary for the workerd tests. It
 * answers as Cloudflare does for its documented test secrets: `1x0000000000000000000000000000000AA`
 * accepts any token, `2x0000000000000000000000000000000AA` refuses every token; an empty
 * token is always refused. Other requests are not its business (null).
 */
export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export async function turnstileStandIn(request: Request): Promise<Response | null> {
  if (request.url !== SITEVERIFY_URL || request.method !== 'POST') return null;
  const form = new URLSearchParams(await request.text());
  const secret = form.get('secret') ?? '';
  const token = form.get('response') ?? '';
  const errors = !token
    ? ['missing-input-response']
    : secret.startsWith('1x')
      ? []
      : secret.startsWith('2x')
        ? ['invalid-input-response']
        : ['invalid-input-secret'];
  return Response.json({ success: errors.length === 0, 'error-codes': errors, challenge_ts: new Date(0).toISOString(), hostname: 'example.com' });
}
