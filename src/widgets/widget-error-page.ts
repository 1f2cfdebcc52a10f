/**
 * The error screen of widget pages (requirements WIDGET-ROUTES, WIDGET-ERRORS) as one HTML document string: the
 * status and the server's `msg`. It is built before anything is streamed, so if building
 * it fails the visitor still gets a page, saying "An error occured while showing the error
 * page" (the seed's words) instead of a broken response.
 */
import { escapeHtml } from '../lib/merge-fields';

/** Requirements WIDGET-ROUTES, word for word. */
export const ERROR_PAGE_FAILED = 'An error occured while showing the error page';

export interface WidgetErrorInput {
  lang: string;
  status: number;
  msg: string;
  /** The translated fallback title when the server sent no msg. */
  title: () => string;
}

const STYLE = `html{background:transparent}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933}
.ef-widget-error{display:flex;flex-direction:column;align-items:center;gap:8px;padding:48px 16px;text-align:center}
.ef-widget-error__status{margin:0;font-size:3.5rem;font-weight:800;color:#0b4f91}.ef-widget-error__msg{margin:0;font-size:1.25rem}`;

function page(lang: string, title: string, main: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main id="main">${main}</main></body></html>`;
}

export function widgetErrorDocument(input: WidgetErrorInput): string {
  const msg = input.msg || input.title();
  const status = String(Math.trunc(input.status));
  return page(
    input.lang,
    `${status} · ${msg}`,
    `<div class="ef-widget-error" role="alert"><h1 class="ef-widget-error__status" data-testid="error-status">${escapeHtml(status)}</h1><p class="ef-widget-error__msg" data-testid="error-msg">${escapeHtml(msg)}</p></div>`,
  );
}

/** The error document, or the seed's fallback text when building it fails. */
export function safeWidgetErrorDocument(input: WidgetErrorInput, failed: (error: unknown) => void = () => {}): string {
  try {
    return widgetErrorDocument(input);
  } catch (error) {
    failed(error);
    return page('en', ERROR_PAGE_FAILED, `<p role="alert" data-testid="error-page-failed">${ERROR_PAGE_FAILED}</p>`);
  }
}
