/**
 * The worker's own answers when no route can answer: a plain 500 page when something outside
 * every route's error handling throws (the error goes to the reporting hook), and a 400 when
 * the request's Host is not a host name at all (./bad-host.ts). Either is a short page in the
 * visitor's language, or JSON `{ msg }` for /api and /admin, never the runtime's error page,
 * so no stack trace or file path reaches a browser. Nothing here may throw on a request whose
 * URL does not parse.
 */
import { createI18n, resolveLanguage, type Translator } from '../lib/i18n';
import { escapeHtml } from '../lib/merge-fields';
import { reportError } from '../lib/report-error';
import { EVERY_ANSWER_HEADERS } from './answer-headers';
import { requestTranslator } from './request-context';

/** The path of `request`, or '' when its URL does not parse. */
function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '';
  }
}

/** The visitor's translator; by Accept-Language alone when the URL (and its `lang`) does not parse. */
function translatorOf(request: Request): Translator {
  try {
    return requestTranslator(request);
  } catch {
    return createI18n(resolveLanguage({ acceptLanguage: request.headers.get('accept-language') }));
  }
}

/** A short answer of `status`: JSON `{ msg }` under /api and /admin, else a page saying `text` (a translation key). */
export function plainAnswer(request: Request, status: number, msg: string, text: string): Response {
  const headers = { ...EVERY_ANSWER_HEADERS, 'cache-control': 'no-store' };
  if (/^\/(?:api|admin)(?:\/|$)/.test(pathOf(request))) return Response.json({ msg }, { status, headers });
  const { t, lang } = translatorOf(request);
  const title = escapeHtml(t('error.title'));
  const body = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} · ${title}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:48px 24px;color:#1a202c"><main><p style="font-size:clamp(2.5rem,12vw,4rem);font-weight:800;color:#0b4f91;margin:0">${escapeHtml(t('error.status', { status }))}</p><h1>${title}</h1><p>${escapeHtml(t(text))}</p><a href="/">${escapeHtml(t('error.home'))}</a></main></body></html>`;
  return new Response(body, { status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

export function lastResortResponse(request: Request, error: unknown): Response {
  reportError(error, { url: pathOf(request), where: 'fetch' });
  return plainAnswer(request, 500, 'Something went wrong on our side. Please try again.', 'error.fallback');
}
