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

/**
 * The language the seller wrote the page in (requirements ELEMENTS-5), its location's: the
 * document's `<html lang>`, whatever the interface speaks. A well-formed tag as given
 * (`sv`, `pt-BR`), else English.
 */
export function contentLanguage(tag: string | null | undefined): string {
  const trimmed = (tag ?? '').trim().replace('_', '-');
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(trimmed) ? trimmed : DEFAULT_LANGUAGE;
}

/**
 * The `lang` a part in the interface's language carries inside a page in `content`
 * (requirements ELEMENTS-5): the interface language when it is another one, else undefined
 * (the part inherits the document's).
 */
export function partLanguage(ui: string, content: string): string | undefined {
  return matchLanguage(content) === matchLanguage(ui) ? undefined : ui;
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
