/**
 * The error log of funnel pages (requirements PAGE-ERRORS, issue 30): the load, merge,
 * payment and product-list failures the seed says are reported, from the browser (POST
 * /api/funnel/error) and from the server's render. As the booking-error report, the call
 * needs no sign-in, so it is bounded three ways: the schema caps a report's size, a client
 * may send REPORT_LIMIT reports per REPORT_WINDOW_MS (counted in the statement that inserts),
 * and a report repeating one the same client sent is dropped. Read newest first by the admin API.
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { sha256Hex } from '../../lib/sha256';
import { cutText } from '../../lib/text';
import { ApiError } from '../http';

export const PAGE_ERROR_KINDS = ['load', 'merge', 'payment', 'product-list'] as const;
export type PageErrorKind = (typeof PAGE_ERROR_KINDS)[number];

export interface PageErrorReport {
  kind: PageErrorKind;
  message: string;
  pageId?: string | undefined;
  data?: unknown;
}

/** Reports one client may send per window. */
export const REPORT_LIMIT = 20;
export const REPORT_WINDOW_MS = 10 * 60_000;

/**
 * Stores a report from `clientAddress` (only its hash is kept; null for the server's own).
 * Answers the report's id, or null for a dropped repeat; a client over its limit gets a 429.
 */
export async function recordPageError(
  db: D1Database,
  report: PageErrorReport,
  clientAddress: string | null,
  now: number,
  random?: RandomBytes,
): Promise<string | null> {
  const message = cutText(report.message, 2000);
  const pageId = report.pageId ? cutText(report.pageId, 64) : null;
  const clientKey = clientAddress === null ? null : await sha256Hex(`page-error-client:${clientAddress}`);
  const digest = clientKey === null ? null : await sha256Hex(JSON.stringify([clientKey, report.kind, pageId, message]));
  const id = newId('pe', random);
  const inserted = await db
    .prepare(
      `INSERT INTO page_errors (id, kind, page_id, message, data, client_key, digest, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
       WHERE ?6 IS NULL OR (SELECT COUNT(*) FROM page_errors WHERE client_key = ?6 AND created_at > ?9) < ?10
       ON CONFLICT (digest) WHERE digest IS NOT NULL DO NOTHING
       RETURNING id`,
    )
    .bind(id, report.kind, pageId, message, JSON.stringify(report.data ?? null), clientKey, digest, now, now - REPORT_WINDOW_MS, REPORT_LIMIT)
    .first<{ id: string }>();
  if (inserted) return id;
  const repeat = digest ? await db.prepare('SELECT 1 AS found FROM page_errors WHERE digest = ?').bind(digest).first() : null;
  if (repeat) return null;
  throw new ApiError(429, 'Too many error reports; please try again later');
}

export interface PageErrorRow {
  id: string;
  kind: string;
  page_id: string | null;
  message: string;
  data: string | null;
  created_at: number;
}

/** The newest reports, at most `limit`, optionally of one page. */
export async function listPageErrors(db: D1Database, limit: number, pageId?: string): Promise<PageErrorRow[]> {
  const where = pageId ? 'WHERE page_id = ?2' : '';
  const rows = await db
    .prepare(`SELECT id, kind, page_id, message, data, created_at FROM page_errors ${where} ORDER BY created_at DESC, id DESC LIMIT ?1`)
    .bind(...(pageId ? [limit, pageId] : [limit]))
    .all<PageErrorRow>();
  return rows.results;
}
