/**
 * Exports as a stream: batches of EXPORT_BATCH rows read by keyset one after another, each
 * written out while only the next is read ahead, so memory stays flat whatever the row
 * count. CSV
 * columns are fixed before the first row; a submissions export filtered to one form, survey
 * or calendar gets one column per field, headed by its label, any other an `answers` column.
 */
import { CLICK_ID_KEYS, type Touch, UTM_KEYS } from '../../lib/attribution';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { isoInstant } from '../../lib/time/iso-instant';
import type { Position } from './cursor';
import { readPage, type Where } from './list';
import type { ResultKind } from './query';
import type { ConsentRef, Item, Labels, ShapeContext } from './shape';

export const EXPORT_BATCH = 500;

type Column = [header: string, value: (item: Item) => unknown];

const contact = (field: 'name' | 'email' | 'phone'): Column => [field, (item) => (item.contact as Record<string, unknown> | undefined)?.[field]];
const own = (header: string, key = header): Column => [header, (item) => item[key]];

/**
 * A touch as columns: `{first|last}_utm_source` … `_utm_content`, `_click_ids` (every ad
 * click id as `name=value`, joined by `; `), `_referrer`, `_landing` and `_at` (ISO 8601).
 */
function touchColumns(which: 'first' | 'last'): Column[] {
  const touch = (item: Item) => item[which === 'first' ? 'firstTouch' : 'lastTouch'] as Touch | null;
  return [
    ...UTM_KEYS.map((key): Column => [`${which}_${key}`, (item) => touch(item)?.[key]]),
    [
      `${which}_click_ids`,
      (item) => {
        const found = touch(item);
        let ids = '';
        if (found) for (const key of CLICK_ID_KEYS) if (found[key]) ids += `${ids ? '; ' : ''}${key}=${found[key]}`;
        return ids;
      },
    ],
    [`${which}_referrer`, (item) => touch(item)?.referrer],
    [`${which}_landing`, (item) => touch(item)?.landing],
    [`${which}_at`, (item) => (touch(item) ? isoInstant((touch(item) as Touch).at) : '')],
  ];
}

/** Attribution and proof of consent, the last columns of every kind. */
const TRAILING: Column[] = [
  ...touchColumns('first'),
  ...touchColumns('last'),
  [
    'consent',
    (item) =>
      ((item.consents as ConsentRef[] | undefined) ?? [])
        .map((ref) => `${ref.id} (${ref.checks.map((check) => `${check.field}: ${check.checked ? 'checked' : 'unchecked'}`).join(', ')})`)
        .join('; '),
  ],
];

const COLUMNS: Record<ResultKind, (labels: Labels | null) => Column[]> = {
  contacts: () => [own('id'), own('name'), own('email'), own('phone'), own('source'), own('created_at', 'createdAt'), ...TRAILING],
  submissions: (labels) => [
    own('id'),
    own('kind'),
    own('ref_id', 'refId'),
    own('status'),
    contact('name'),
    contact('email'),
    contact('phone'),
    own('funnel_id', 'funnelId'),
    own('step_id', 'stepId'),
    own('domain'),
    own('page_url', 'pageUrl'),
    own('created_at', 'createdAt'),
    ...(labels ? labels.map(({ label }): Column => [label, (item) => (item.answers as Record<string, unknown>)[label]]) : [own('answers')]),
    ...TRAILING,
  ],
  appointments: () => [
    own('id'),
    own('calendar', 'calendarName'),
    own('start_time', 'startTime'),
    own('end_time', 'endTime'),
    own('timezone'),
    own('status'),
    contact('name'),
    contact('email'),
    contact('phone'),
    own('funnel_id', 'funnelId'),
    own('step_id', 'stepId'),
    own('domain'),
    own('page_url', 'pageUrl'),
    own('created_at', 'createdAt'),
    ...TRAILING,
  ],
  orders: () => [
    own('id'),
    own('status'),
    own('currency'),
    own('amount', 'amountFormatted'),
    ['items', (item) => (item.items as { name: string; amountFormatted: string }[]).map((line) => `${line.name} (${line.amountFormatted})`).join('; ')],
    contact('name'),
    contact('email'),
    contact('phone'),
    own('funnel_id', 'funnelId'),
    own('step_id', 'stepId'),
    own('created_at', 'createdAt'),
    ...TRAILING,
  ],
};

export interface ExportPlan {
  db: D1Database;
  kind: ResultKind;
  where: Where;
  format: 'csv' | 'ndjson';
  bom: boolean;
  /** The field labels of the one form, survey or calendar a submissions export is filtered to. */
  labels: Labels | null;
  ctx: ShapeContext;
}

/**
 * The export's body: a header line (CSV), then one line per row, newest first. While one
 * batch is written out the next is already being read, so the database's time and the
 * worker's overlap; at most two batches are held at once.
 */
export function exportStream(plan: ExportPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const columns = COLUMNS[plan.kind](plan.labels);
  const values = columns.map(([, value]) => value);
  const cells: unknown[] = new Array(values.length);
  const line =
    plan.format === 'csv'
      ? (item: Item) => {
          for (let i = 0; i < values.length; i++) cells[i] = (values[i] as Column[1])(item);
          return csvLine(cells);
        }
      : (item: Item) => `${JSON.stringify(item)}\n`;
  const read = (after: Position | null) => {
    const page = readPage(plan.db, plan.kind, plan.where, after, EXPORT_BATCH, plan.ctx);
    // Read ahead: a reader that goes away before the batch is asked for must not leave an unhandled rejection.
    page.catch(() => {});
    return page;
  };
  let ahead: ReturnType<typeof read> | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let text = '';
        if (!started) {
          started = true;
          if (plan.format === 'csv') text = (plan.bom ? CSV_BOM : '') + csvLine(columns.map(([header]) => header));
        }
        const page = await (ahead ?? read(null));
        ahead = page.next ? read(page.next) : null;
        for (const item of page.items) text += line(item);
        if (text) controller.enqueue(encoder.encode(text));
        if (!page.next) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
