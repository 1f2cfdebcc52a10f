/**
 * Builds the RenderContext of one request from the page, the request and the environment.
 * The clock and the translator are passed in; merge-field failures go to the error hook.
 */

import type { Translator } from '../lib/i18n';
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
  log: RenderLog;
  now: Date;
  /** The zone the edge places the visitor in (requestTimeZone), when known. */
  visitorZone?: string | null;
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
    t: input.translator.t,
    log: input.log,
    timeZone,
    visitorZone: input.visitorZone ?? undefined,
    now: input.now.getTime(),
    text: (html) =>
      applyMergeFields(html, mergeData, (field, reason) =>
        reportError(new Error(`Template merge failed for {{${field}}}: ${reason}`), { pageId: input.doc.pageId }),
      ),
  };
}
