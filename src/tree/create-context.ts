/**
 * Builds the RenderContext of one request from the page, the request and the environment.
 * The clock and the translator are passed in; merge-field failures go to the error hook.
 */

import { contentLanguage, partLanguage, type Translator } from '../lib/i18n';
import { applyMergeFields } from '../lib/merge-fields';
import { reportError } from '../lib/report-error';
import { isKnownTimeZone } from '../lib/time/zones';
import type { PageDocument } from '../schemas/page';
import type { RenderContext } from './context';
import type { RenderLog } from './log';

/** What a page is rendered with: the document, the request and the environment. */
export interface ContextInput {
  doc: PageDocument;
  query: string;
  /** The requested host (lower-case, no port). */
  host: string;
  cdnBase?: string;
  isPreview: boolean;
  translator: Translator;
  /** The seller's content language (the location's), as get_page sent it; English when unknown. */
  contentLanguage?: string | undefined;
  log: RenderLog;
  now: Date;
  /** The zone the edge places the visitor in (requestTimeZone), when known. */
  visitorZone?: string | null;
  /**
   * Where a merge failure goes besides the console: the platform's page error log
   * (requirements PAGE-ERRORS-1, reportPageFailure in src/serving/get-page.ts).
   */
  reportMergeFailure?: (report: { message: string; pageId: string; field: string }) => void;
}

/** The location's time zone (get_page sends `location.timezone`) if valid. */
function pageTimeZone(doc: PageDocument): string | undefined {
  const page = doc as { timezone?: unknown; location?: { timezone?: unknown } };
  const zone = page.timezone ?? page.location?.timezone;
  return typeof zone === 'string' && isKnownTimeZone(zone) ? zone : undefined;
}

export function createRenderContext(input: ContextInput): RenderContext {
  const timeZone = pageTimeZone(input.doc);
  const mergeData = { now: input.now, timeZone, locale: input.translator.lang };
  return {
    doc: input.doc,
    query: input.query,
    host: input.host,
    cdnBase: input.cdnBase,
    isPreview: input.isPreview,
    lang: input.translator.lang,
    contentLang: contentLanguage(input.contentLanguage),
    uiLang: partLanguage(input.translator.lang, contentLanguage(input.contentLanguage)),
    t: input.translator.t,
    log: input.log,
    timeZone,
    visitorZone: input.visitorZone ?? undefined,
    now: input.now.getTime(),
    text: (html) =>
      applyMergeFields(html, mergeData, (field, reason) => {
        const message = `Template merge failed for {{${field}}}: ${reason}`;
        reportError(new Error(message), { pageId: input.doc.pageId });
        input.reportMergeFailure?.({ message, pageId: input.doc.pageId ?? '', field });
      }),
  };
}
