/**
 * Turns get_page's answer into a PageDocument without letting one bad part break the page:
 * elements that fail the element schema are dropped and logged, top-level fields of the
 * wrong type fall back to their defaults, unknown keys are kept.
 */
import * as v from 'valibot';
import { rememberedFor } from '../lib/memo';
import { type PageDocument, pageDocument, pageElement, popup } from '../schemas/page';
import { parseExtra } from './extra';
import type { RenderLog } from './log';

function validItems<T>(schema: v.GenericSchema<unknown, T>, list: unknown, log: RenderLog, what: string): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => {
    const result = v.safeParse(schema, item);
    if (result.success) return [result.output];
    log(`page.bad-${what}`, { index, id: (item as { id?: unknown })?.id, issue: result.issues[0]?.message });
    return [];
  });
}

/**
 * Documents already read, by the page data object they came from: validated once per
 * isolate, not once per view (src/lib/memo.ts). Callers must not mutate the document.
 */
const readDocuments = new WeakMap<object, PageDocument>();

/** The page document in `raw`, with invalid parts dropped (logged) rather than failing. */
export function readPageDocument(raw: unknown, log: RenderLog): PageDocument {
  if (typeof raw !== 'object' || raw === null) return readNewDocument(raw, log);
  return rememberedFor(readDocuments, raw, () => readNewDocument(raw, log));
}

function readNewDocument(raw: unknown, log: RenderLog): PageDocument {
  const record = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const elements = validItems(pageElement, record.elements, log, 'element');
  const popups = validItems(popup, record.popups, log, 'popup');
  const doc = parseExtra(pageDocument, { ...record, elements: [], popups: [] }, log, String(record.pageId ?? 'page'));
  return { ...doc, elements, popups };
}
