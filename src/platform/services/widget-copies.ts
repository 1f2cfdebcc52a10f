/**
 * A survey element may carry the builder's copy of its survey (`extra.surveyData`,
 * requirements PAGE-DATA-8), which the page renders from without asking for the survey
 * again. get_page answers, beside the page, when each such survey last changed
 * (`widgetVersions.surveys`: id → updated_at, ms), read in the query get_page makes anyway:
 * a copy older than that is stale and the renderer fetches the survey instead
 * (src/widgets/survey/server.ts surveyFromCopy).
 */

export interface WidgetVersions {
  surveys: Record<string, number>;
}

const SURVEY_METAS = new Set(['survey']);

/** The ids of the surveys the document's elements carry a copy of. */
export function copiedSurveyIds(document: Readonly<Record<string, unknown>>): string[] {
  const elements = Array.isArray(document.elements) ? document.elements : [];
  const ids = new Set<string>();
  for (const element of elements as { meta?: unknown; extra?: { surveyId?: unknown; surveyData?: unknown } }[]) {
    if (!SURVEY_METAS.has(String(element?.meta)) || !element.extra?.surveyData || typeof element.extra.surveyData !== 'object') continue;
    const id = typeof element.extra.surveyId === 'string' ? element.extra.surveyId.trim() : '';
    if (id) ids.add(id);
  }
  return [...ids].slice(0, 50);
}

/** When each copied survey last changed; null when the document carries no copy. */
export async function copiedWidgetVersions(db: D1Database, document: Readonly<Record<string, unknown>>): Promise<WidgetVersions | null> {
  const ids = copiedSurveyIds(document);
  if (ids.length === 0) return null;
  const rows = await db
    .prepare(`SELECT id, updated_at FROM surveys WHERE id IN (${ids.map(() => '?').join(', ')})`)
    .bind(...ids)
    .all<{ id: string; updated_at: number }>();
  return { surveys: Object.fromEntries(rows.results.map((row) => [row.id, row.updated_at])) };
}
