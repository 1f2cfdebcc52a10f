/**
 * Per-request plumbing shared by the page routes: the ExecutionContext the API client
 * wants (built from `cloudflare:workers`' waitUntil, as src/fetch.ts does) and the
 * translator of screens rendered before any page data is known.
 */
import { waitUntil } from 'cloudflare:workers';
import { createI18n, resolveLanguage, type Translator } from '../lib/i18n';

/** The ExecutionContext of the current request. */
export function executionContext(): ExecutionContext {
  return { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
}

/** The translator for a request, from the page language (if known), ?lang and Accept-Language. */
export function requestTranslator(request: Request, pageLanguage?: string | null): Translator {
  const url = new URL(request.url);
  return createI18n(
    resolveLanguage({ pageLanguage, queryLanguage: url.searchParams.get('lang'), acceptLanguage: request.headers.get('accept-language') }),
  );
}

/** The page's language: its own `language`, else its location's (get_page sends `location.language`). */
export function pageLanguageOf(data: unknown): string | undefined {
  const page = data as { language?: unknown; location?: { language?: unknown } } | null;
  const language = page?.language ?? page?.location?.language;
  return typeof language === 'string' ? language : undefined;
}
