/**
 * The interface languages (requirements ELEMENTS) and how a request picks one: the `lang` query
 * parameter (an explicit choice), then the page's language (its location's), then the
 * browser's Accept-Language, then English. Pure; the i18next instance lives in ./index.ts.
 */

import { acceptedTokens } from '../quality-list';

export const LANGUAGES = ['en', 'de', 'pt-br', 'fr', 'hu', 'es', 'nl', 'it', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The supported language a tag stands for (`de-AT` → `de`, `pt_BR`/`pt` → `pt-br`), or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  const exact = LANGUAGES.find((language) => language === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  if (base === 'pt') return 'pt-br';
  return LANGUAGES.find((language) => language === base) ?? null;
}

/** Languages of an Accept-Language header, best first (by q value, then order). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return acceptedTokens(header).filter((tag) => tag !== '*');
}

/** Picks the language for a request. */
export function resolveLanguage(input: { pageLanguage?: string | null; queryLanguage?: string | null; acceptLanguage?: string | null }): Language {
  return (
    matchLanguage(input.queryLanguage) ??
    matchLanguage(input.pageLanguage) ??
    acceptedLanguages(input.acceptLanguage)
      .map(matchLanguage)
      .find((l) => l !== null) ??
    DEFAULT_LANGUAGE
  );
}
