/**
 * Signing in to the dashboard and out of it (issue 29), the dashboard's own form posts:
 *   GET  /admin/session           the cookie's session: `{signedIn, expiresAt, csrf}`, or 401
 *   POST /admin/session           `token` → 303 to /admin with the session cookie (./session.ts)
 *   POST /admin/session/sign-out  `csrf`  → 303 to /admin, the session ended and its cookie cleared
 * A wrong token is answered after a pause (SIGN_IN_PAUSE_MS) and every attempt counts in a
 * rate limit per address (SIGN_IN_LIMIT), so guessing costs time; the 429 comes even for the
 * right token once the address is over it. A form post is answered with a redirect to the
 * sign-in screen naming the error (`?error=wrong|limited|origin`); a call that asks for JSON
 * gets 401/429/403 with a `msg`. A post from another origin is refused (login CSRF).
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { sha256Hex } from '../../lib/sha256';
import { sameText } from '../../lib/signing';
import type { AppEnv } from '../env';
import { readLimited } from '../http';
import { overLimit, rateLimitScale } from '../services/rate-limit';
import { clientIp } from '../routes/submit-env';
import { csrfHolds, csrfToken, endSession, requestSession, sessionCookie, startSession } from './session';

/** How long a wrong token waits for its answer. */
export const SIGN_IN_PAUSE_MS = 1000;
/** Sign-in attempts per address per window (times RATE_LIMIT_SCALE). */
export const SIGN_IN_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 } as const;

const signInForm = v.object({ token: v.pipe(v.string(), v.maxLength(500)) });
const signOutForm = v.object({ csrf: v.optional(v.pipe(v.string(), v.maxLength(200))) });

type Failure = 'wrong' | 'limited' | 'origin' | 'input';
const FAILURES: Record<Failure, { status: 400 | 401 | 403 | 429; msg: string }> = {
  wrong: { status: 401, msg: 'That admin token is not right' },
  limited: { status: 429, msg: 'Too many sign-in attempts; try again in a few minutes' },
  origin: { status: 403, msg: 'Sign in from the dashboard itself' },
  input: { status: 400, msg: 'The admin token is required' },
};

const wantsJson = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('application/json');

function failed(c: Context<AppEnv>, failure: Failure): Response {
  const { status, msg } = FAILURES[failure];
  if (wantsJson(c)) return c.json({ msg }, status);
  return c.redirect(`/admin?error=${failure}`, 303);
}

/**
 * Whether the request came from this origin's own page. Browsers say so in Sec-Fetch-Site;
 * the dashboard sends no referrer, so their Origin on its form posts is `null`, and only an
 * Origin that names a site is compared. Scripts without either header pass.
 */
function sameOrigin(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('origin');
  return !origin || origin === 'null' || origin === new URL(c.req.url).origin;
}

async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const bytes = await readLimited(c.req.raw, 4096);
  const type = c.req.header('content-type') ?? '';
  const text = new TextDecoder().decode(bytes);
  if (type.includes('application/json')) {
    const parsed = JSON.parse(text || '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Whether `token` is the admin token: both hashed first, then compared in constant time, so neither its content nor its length leaks through timing. */
async function tokenHolds(expected: string | undefined, token: string): Promise<boolean> {
  if (!expected?.trim() || !token) return false;
  return sameText(await sha256Hex(expected.trim()), await sha256Hex(token));
}

export function addSignInRoutes(admin: Hono<AppEnv>): void {
  // The session the cookie names, with its CSRF token (a page of another origin cannot read this answer).
  admin.get('/session', async (c) => {
    const session = await requestSession(c.env.DB, c.env, c.req.raw, c.var.now);
    if (!session) return c.json({ msg: 'Not signed in' }, 401);
    return c.json({ signedIn: true, expiresAt: session.expiresAt, csrf: await csrfToken(c.env, session) });
  });

  admin.post('/session', async (c) => {
    if (!sameOrigin(c)) return failed(c, 'origin');
    const form = v.safeParse(signInForm, await readForm(c).catch(() => ({})));
    if (!form.success) return failed(c, 'input');
    const { now, random } = c.var;
    const bucket = { key: `admin-sign-in:${clientIp(c) ?? 'unknown'}`, ...SIGN_IN_LIMIT };
    const limited = await overLimit(c.env.DB, [bucket], now, rateLimitScale(c.env));
    const right = !limited && (await tokenHolds(c.env.ADMIN_TOKEN, form.output.token.trim()));
    if (!right) {
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_PAUSE_MS));
      return failed(c, limited ? 'limited' : 'wrong');
    }
    const { value } = await startSession(c.env.DB, c.env, now, random);
    const cookie = sessionCookie(value, new URL(c.req.url).protocol === 'https:');
    if (wantsJson(c)) return c.json({ signedIn: true }, 200, { 'set-cookie': cookie });
    return new Response(null, { status: 303, headers: { location: '/admin', 'set-cookie': cookie } });
  });

  admin.post('/session/sign-out', async (c) => {
    const form = v.safeParse(signOutForm, await readForm(c).catch(() => ({})));
    const session = await requestSession(c.env.DB, c.env, c.req.raw, c.var.now);
    const csrf = (form.success ? form.output.csrf : undefined) ?? c.req.header('x-csrf-token');
    if (session && !(await csrfHolds(c.env, session, csrf))) return c.json({ msg: 'The CSRF token is missing or wrong; reload the dashboard' }, 403);
    if (session) await endSession(c.env.DB, session);
    const cookie = sessionCookie(null, new URL(c.req.url).protocol === 'https:');
    if (wantsJson(c)) return c.json({ signedOut: true }, 200, { 'set-cookie': cookie });
    return new Response(null, { status: 303, headers: { location: '/admin', 'set-cookie': cookie } });
  });
}
