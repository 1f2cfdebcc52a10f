/**
 * An element may carry the builder's copy of the widget it shows (requirements PAGE-DATA-8):
 * a survey element its survey (`extra.surveyData`, the survey's document), a calendar element
 * its calendar (`extra.calendarData`, the calendar's widget_data entry), each with the time it
 * was copied (`updatedAt`, ms). get_page answers, beside the page, when each copied widget
 * last changed (`widgetVersions`, src/platform/services/widget-copies.ts); the page renders
 * from a copy not older than that, so its first paint needs no call for the widget, and
 * fetches the widget when the copy is missing or stale. Pure.
 */

type Extra = Record<string, unknown>;

/** The id an element's extra names, or '' (a provider's calendar element has no single calendar to copy). */
const idOf = {
  surveys: (extra: Extra) => (typeof extra.surveyId === 'string' ? extra.surveyId.trim() : ''),
  calendars: (extra: Extra) => {
    const ref = extra.calendarId;
    if (ref && typeof ref === 'object') {
      const { id, is_provider } = ref as Extra;
      return is_provider === true || extra.is_provider === true || typeof id !== 'string' ? '' : id.trim();
    }
    return extra.is_provider === true || typeof ref !== 'string' ? '' : ref.trim();
  },
};

export const WIDGET_COPIES = {
  surveys: { meta: 'survey', data: 'surveyData' },
  calendars: { meta: 'calendar', data: 'calendarData' },
} as const;
export type CopiedWidget = keyof typeof WIDGET_COPIES;

/** When each copied widget last changed (ms), by kind and id. */
export type WidgetVersions = Record<CopiedWidget, Record<string, number>>;

/** The ids of the widgets of a kind the document's elements carry a copy of (at most 50). */
export function copiedIds(document: Readonly<Record<string, unknown>>, kind: CopiedWidget): string[] {
  const { meta, data } = WIDGET_COPIES[kind];
  const elements = Array.isArray(document.elements) ? (document.elements as { meta?: unknown; extra?: Extra }[]) : [];
  const ids = new Set<string>();
  for (const element of elements) {
    const extra = element?.extra;
    if (String(element?.meta) !== meta || !extra || !extra[data] || typeof extra[data] !== 'object') continue;
    const id = idOf[kind](extra);
    if (id) ids.add(id);
  }
  return [...ids].slice(0, 50);
}

/**
 * The element's copy of widget `id` when it is fresh: its `updatedAt` is not older than when
 * the widget last changed, as get_page answered it. Else null: the widget is fetched.
 */
export function freshCopy(kind: CopiedWidget, id: string, copy: unknown, page: { widgetVersions?: unknown }): Record<string, unknown> | null {
  if (!copy || typeof copy !== 'object') return null;
  const changed = (page.widgetVersions as Partial<WidgetVersions> | undefined)?.[kind]?.[id];
  const copied = (copy as { updatedAt?: unknown }).updatedAt;
  return typeof changed === 'number' && typeof copied === 'number' && copied >= changed ? (copy as Record<string, unknown>) : null;
}
