/**
 * The worker's own answer when something outside every route's error handling throws: a
 * plain 500 page (or JSON for /api and /admin) in the visitor's language, never the
 * runtime's error page, so no stack trace or file path reaches a browser. The error itself
 * goes to the reporting hook.
 */
import { requestTranslator } from './request-context';
import { escapeHtml } from '../lib/merge-fields';
import { reportError } from '../lib/report-error';

export function lastResortResponse(request: Request, error: unknown): Response {
  let path = '';
  try {
    path = new URL(request.url).pathname;
  } catch {
    // A URL the runtime could not parse: report without it.
  }
  reportError(error, { url: path, where: 'fetch' });
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (/^\/(?:api|admin)(?:\/|$)/.test(path)) {
    return Response.json({ msg: 'Something went wrong on our side. Please try again.' }, { status: 500, headers });
  }
  const { t, lang } = requestTranslator(request);
  const title = escapeHtml(t('error.title'));
  const body = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>500 · ${title}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:48px 24px;color:#1a202c"><main><p style="font-size:clamp(2.5rem,12vw,4rem);font-weight:800;color:#0b4f91;margin:0">${escapeHtml(t('error.status', { status: 500 }))}</p><h1>${title}</h1><p>${escapeHtml(t('error.fallback'))}</p><a href="/">${escapeHtml(t('error.home'))}</a></main></body></html>`;
  return new Response(body, { status: 500, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
