/**
 * The widget pages' language (requirements WIDGET-LIMITS: the locale cookie lasts 365 days):
 * `?lang=` wins and is remembered in the `ef_locale` cookie, so the next visit speaks it
 * too; then the seller's language (the provider's, else the location's), then the
 * browser's. Only never-cached widget pages read or set the cookie: a cached funnel page
 * must not vary by it.
 */
import { createI18n, matchLanguage, resolveLanguage, type Translator } from '../lib/i18n';

export const LOCALE_COOKIE = 'ef_locale';
const YEAR_S = 365 * 24 * 60 * 60;

function cookieLanguage(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([A-Za-z-]{2,5})(?:;|$)`).exec(header);
  return match?.[1] ?? null;
}

/** The translator of a widget page: the query's language, else the remembered one, else the seller's, else the browser's. */
export function widgetTranslator(request: Request, sellerLanguage?: string | null): Translator {
  const url = new URL(request.url);
  const chosen = matchLanguage(url.searchParams.get('lang')) ?? matchLanguage(cookieLanguage(request));
  return createI18n(resolveLanguage({ queryLanguage: chosen, pageLanguage: sellerLanguage, acceptLanguage: request.headers.get('accept-language') }));
}

/** The Set-Cookie that remembers a language the query chose for 365 days, or null. */
export function localeCookie(url: URL): string | null {
  const language = matchLanguage(url.searchParams.get('lang'));
  return language ? `${LOCALE_COOKIE}=${language}; Max-Age=${YEAR_S}; Path=/; SameSite=Lax` : null;
}
