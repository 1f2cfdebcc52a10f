/**
 * Per-request plumbing shared by the page routes: what the entry point puts on the render
 * context (`Astro.locals`: the bindings, the API client, waitUntil and the clock), so renderers and
 * widget pages never reach for `cloudflare:workers` themselves; and the translator of
 * screens rendered before any page data is known.
 */
import { type ApiFetch, createApiClient } from '../platform/client';
import type { Bindings } from '../platform/env';
import { createI18n, resolveLanguage, type Translator } from '../lib/i18n';

/** What every render of a request reads from `Astro.locals` (typed in src/env.d.ts). */
export interface RequestServices {
  env: Bindings;
  /** The platform API: in-process, or the upstream at API_ORIGIN. */
  api: ApiFetch;
  /** Keeps work going after the answer is sent (cache writes, background refreshes). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's clock (epoch ms), read once as it enters: renders never read `Date.now()`. */
  now: number;
}

/**
 * A request's services, made by the entry point from the worker's bindings and
 * ExecutionContext; `visitorIp` is the request's CF-Connecting-IP, which API calls made for
 * it carry (../platform/client.ts).
 */
export function requestServices(env: Bindings, ctx: ExecutionContext, now: number, visitorIp: string | null = null): RequestServices {
  return { env, api: createApiClient(env, ctx, visitorIp), waitUntil: (promise) => ctx.waitUntil(promise), now };
}

/** The translator for a request, from the page language (if known), ?lang and Accept-Language. */
export function requestTranslator(request: Request, pageLanguage?: string | null): Translator {
  const url = new URL(request.url);
  return createI18n(resolveLanguage({ pageLanguage, queryLanguage: url.searchParams.get('lang'), acceptLanguage: request.headers.get('accept-language') }));
}

/** The page's language: its own `language`, else its location's (get_page sends `location.language`). */
export function pageLanguageOf(data: unknown): string | undefined {
  const page = data as { language?: unknown; location?: { language?: unknown } } | null;
  const language = page?.language ?? page?.location?.language;
  return typeof language === 'string' ? language : undefined;
}
