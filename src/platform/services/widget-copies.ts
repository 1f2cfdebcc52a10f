/**
 * When each widget a page's elements carry a copy of last changed (requirements
 * PAGE-DATA-8, src/lib/widget-copies.ts), answered by get_page as `widgetVersions`. A
 * survey changes with its row; a calendar's widget_data entry also with its provider, its
 * form and its location, so the latest of those counts.
 */
import { type CopiedWidget, copiedIds, type WidgetVersions } from '../../lib/widget-copies';

const QUERIES: Record<CopiedWidget, (marks: string) => string> = {
  surveys: (marks) => `SELECT id, updated_at FROM surveys WHERE id IN (${marks})`,
  calendars: (marks) =>
    `SELECT c.id, max(c.updated_at, ifnull(p.updated_at, 0), ifnull(f.updated_at, 0), ifnull(l.updated_at, 0)) AS updated_at
     FROM calendars c LEFT JOIN calendar_providers p ON p.id = c.provider_id LEFT JOIN forms f ON f.id = c.form_id
     LEFT JOIN locations l ON l.id = c.location_id WHERE c.id IN (${marks})`,
};

/** When each copied widget last changed; null when the document carries no copy. */
export async function copiedWidgetVersions(db: D1Database, document: Readonly<Record<string, unknown>>): Promise<WidgetVersions | null> {
  const versions: WidgetVersions = { surveys: {}, calendars: {} };
  let any = false;
  for (const kind of Object.keys(QUERIES) as CopiedWidget[]) {
    const ids = copiedIds(document, kind);
    if (ids.length === 0) continue;
    any = true;
    const rows = await db
      .prepare(QUERIES[kind](ids.map(() => '?').join(', ')))
      .bind(...ids)
      .all<{ id: string; updated_at: number }>();
    versions[kind] = Object.fromEntries(rows.results.map((row) => [row.id, row.updated_at]));
  }
  return any ? versions : null;
}
