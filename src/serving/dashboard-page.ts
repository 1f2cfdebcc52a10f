/**
 * What the dashboard's page (src/pages/admin/[...path].astro) decides on the server: which
 * screen a path under /admin is, the request's interface language, the session, and the
 * screen's strings. The strings are translated here (namespace `dashboard`) and handed to the
 * browser as one flat object, so no translation library ships with the dashboard.
 */
import en from '../../locales/en/dashboard.json';
import { createI18n, type Language, resolveLanguage } from '../lib/i18n';
import type { Bindings } from '../platform/env';
import type { ScreenKey } from '../dashboard/screens/index';
import { csrfToken, requestSession } from '../platform/admin/session';

/** The screens, by their path under /admin. */
export const SCREEN_PATHS = {
  '': 'overview',
  leads: 'leads',
  bookings: 'bookings',
  orders: 'orders',
  tests: 'tests',
  webhooks: 'webhooks',
  content: 'content',
} as const satisfies Record<string, ScreenName>;
/** The screens the browser code has (src/dashboard/screens/index.ts); `contact` is a contact's page under leads/. */
export type ScreenName = ScreenKey;

/** The screen of a path below /admin (`leads/ct_1` is a contact's page), or null for no screen. */
export function screenOf(rest: string): { screen: ScreenName; id: string | null } | null {
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 2 && parts[0] === 'leads' && /^[A-Za-z0-9_-]{1,64}$/.test(parts[1] ?? '')) return { screen: 'contact', id: parts[1] ?? null };
  if (parts.length > 1) return null;
  const screen = SCREEN_PATHS[(parts[0] ?? '') as keyof typeof SCREEN_PATHS];
  return screen ? { screen, id: null } : null;
}

export type DashboardMessages = Record<keyof typeof en, string>;

const translated = new Map<Language, DashboardMessages>();

/** Every message of the `dashboard` namespace in `lang`, placeholders left for the browser (made once per language and isolate). */
export function dashboardMessages(lang: Language): DashboardMessages {
  const known = translated.get(lang);
  if (known) return known;
  const { t } = createI18n(lang);
  const out: Record<string, string> = {};
  for (const key of Object.keys(en)) out[key] = t(`dashboard:${key}`, { skipInterpolation: true });
  translated.set(lang, out as DashboardMessages);
  return out as DashboardMessages;
}

/** The language of the request: `?lang`, then Accept-Language, then English. */
export const dashboardLanguage = (url: URL, request: Request): Language =>
  resolveLanguage({ queryLanguage: url.searchParams.get('lang'), acceptLanguage: request.headers.get('accept-language') });

/** The request's session and its CSRF token, or null when it is not signed in. */
export async function dashboardSession(env: Bindings, request: Request, now: number): Promise<{ csrf: string; expiresAt: number } | null> {
  const session = await requestSession(env.DB, env, request, now);
  return session ? { csrf: await csrfToken(env, session), expiresAt: session.expiresAt } : null;
}
