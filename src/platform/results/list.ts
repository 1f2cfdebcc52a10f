/**
 * Pages of results, newest first by (created_at DESC, id DESC), read by keyset: a page after
 * a position reads only the rows before it, never OFFSET, so every depth costs the same.
 */
import { ApiError } from '../http';
import { standardCalendarForm } from '../services/calendars';
import type { Position } from './cursor';
import { type Clause, FILTER_TABLES, KIND_SPECS, type KindSpec } from './kinds';
import { searchOf } from './search';
import type { FilterName, Filters, ResultKind } from './query';
import { type ConsentRef, type Item, type Labels, labelsOfFields, type Row, SHAPERS, type ShapeContext } from './shape';

/** What a list reads: its WHERE clauses and, for a search that listed its contacts, that list joined first (./search.ts). */
export interface Where {
  clauses: Clause[];
  lead: Clause | null;
}

/**
 * The WHERE clauses of `filters` for `kind`, the text search aside; 400 for a filter the kind
 * does not take or a status it does not know. Synchronous, so a bad filter is refused before
 * anything is read.
 */
export function filterClauses(kind: ResultKind, filters: Filters): Clause[] {
  const spec: KindSpec = KIND_SPECS[kind];
  const clauses: Clause[] = [];
  for (const [name, value] of Object.entries(filters) as [keyof Filters, unknown][]) {
    if (value === undefined || value === '' || name === 'q') continue;
    if (name === 'from') clauses.push({ sql: 't.created_at >= ?', params: [value] });
    else if (name === 'to') clauses.push({ sql: 't.created_at < ?', params: [value] });
    else {
      const filter = spec.filters[name];
      if (!filter) throw new ApiError(400, `${name} does not filter ${kind}`, name);
      if (name === 'status' && !spec.statuses?.includes(String(value))) {
        throw new ApiError(400, `status must be one of ${spec.statuses?.join(', ')}`, 'status');
      }
      clauses.push(filter(String(value)));
    }
  }
  return clauses;
}

/** The WHERE of `filters` for `kind`: the filter clauses (given, or made here) and the text search, which reads the search index first. */
export async function whereOf(db: D1Database, kind: ResultKind, filters: Filters, clauses = filterClauses(kind, filters)): Promise<Where> {
  if (!filters.q) return { clauses, lead: null };
  const search = await searchOf(db, KIND_SPECS[kind].person, filters.q);
  return { clauses: [...clauses, search.clause], lead: search.lead };
}

/** `FROM … WHERE …` of a kind's rows and its parameters, with the search's list first when it has one. */
export function sourceOf(kind: ResultKind, where: Where, extra: Clause[] = []): Clause {
  const clauses = [...where.clauses, ...extra];
  const from = where.lead ? `${where.lead.sql} CROSS JOIN ${KIND_SPECS[kind].searchFrom}` : KIND_SPECS[kind].from;
  return {
    sql: `FROM ${from}${clauses.length ? ` WHERE ${clauses.map((c) => c.sql).join(' AND ')}` : ''}`,
    params: [...(where.lead?.params ?? []), ...clauses.flatMap((c) => c.params)],
  };
}

/** 404 for an id filter naming nothing, so a typo is told apart from an empty result. */
export async function checkFilterIds(db: D1Database, filters: Filters): Promise<void> {
  for (const [name, target] of Object.entries(FILTER_TABLES) as [FilterName, { table: string; label: string }][]) {
    const id = filters[name];
    if (!id) continue;
    const found = await db.prepare(`SELECT 1 AS found FROM ${target.table} WHERE id = ?`).bind(id).first();
    if (!found) throw new ApiError(404, `${target.label} ${id.slice(0, 120)} not found`, name);
  }
}

/** Reads one batch of raw rows after `after` (newest first). */
export async function readRows(db: D1Database, kind: ResultKind, where: Where, after: Position | null, limit: number): Promise<Row[]> {
  // A row value, which SQLite turns into one range of the (…, created_at, id) index.
  const source = sourceOf(kind, where, after ? [{ sql: '(t.created_at, t.id) < (?, ?)', params: [after.createdAt, after.id] }] : []);
  const sql = `SELECT ${KIND_SPECS[kind].columns} ${source.sql} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`;
  // Rows and column names as D1 sends them, made into objects here in one pass: `.all()`
  // builds each through Object.fromEntries of [name, cell] pairs, a cost an export pays per row.
  const [names, ...cells] = await db
    .prepare(sql)
    .bind(...source.params, limit)
    .raw({ columnNames: true });
  if (!names) return [];
  const rows: Row[] = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const row: Record<string, unknown> = {};
    const values = cells[i] as unknown[];
    for (let j = 0; j < names.length; j++) row[names[j] as string] = values[j];
    rows[i] = row as Row;
  }
  return rows;
}

/** The shaping context of one request: form labels and order items read once per id. */
export function shapeContext(db: D1Database): ShapeContext {
  const labels = new Map<string, Promise<Labels>>();
  return {
    labelsOf(kind, refId) {
      const cacheKey = `${kind}:${refId}`;
      let found = labels.get(cacheKey);
      if (!found) {
        found = readLabels(db, kind, refId);
        labels.set(cacheKey, found);
      }
      return found;
    },
    async itemsOf(orderIds) {
      const byOrder = new Map<string, Row[]>();
      if (orderIds.length === 0) return byOrder;
      const { results } = await db
        .prepare(
          `SELECT order_id, product_id, name, payment_type, amount, currency, bump FROM order_items WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY bump, name`,
        )
        .bind(JSON.stringify(orderIds))
        .all<Row>();
      for (const item of results) byOrder.set(String(item.order_id), [...(byOrder.get(String(item.order_id)) ?? []), item]);
      return byOrder;
    },
    consentsOf: (by, ids) => readConsentRefs(db, by, ids),
  };
}

/** The consent records of a batch's subjects or contacts, oldest first, by that id. */
async function readConsentRefs(db: D1Database, by: 'subject' | 'contact', ids: string[]): Promise<Map<string, ConsentRef[]>> {
  const refs = new Map<string, ConsentRef[]>();
  if (ids.length === 0) return refs;
  const column = by === 'subject' ? 'subject_id' : 'contact_id';
  const { results } = await db
    .prepare(`SELECT id, ${column} AS owner, checks FROM consent_records WHERE ${column} IN (SELECT value FROM json_each(?)) ORDER BY created_at, id`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; owner: string; checks: string }>();
  for (const row of results) {
    let checks: ConsentRef['checks'] = [];
    try {
      checks = (JSON.parse(row.checks) as { field: string; checked: boolean }[]).map(({ field, checked }) => ({ field, checked }));
    } catch {}
    refs.set(row.owner, [...(refs.get(row.owner) ?? []), { id: row.id, checks }]);
  }
  return refs;
}

async function readLabels(db: D1Database, kind: string, refId: string): Promise<Labels> {
  // A booking's answers are those of its calendar's form; a calendar without its own books
  // with the standard one (first_name → "First Name"), whose labels are the same on every version.
  if (kind === 'appointment') {
    const calendar = await db.prepare('SELECT form_id FROM calendars WHERE id = ?').bind(refId).first<{ form_id: string | null }>();
    if (!calendar) return [];
    return calendar.form_id ? readLabels(db, 'form', calendar.form_id) : labelsOfFields(standardCalendarForm().fields);
  }
  const table = kind === 'form' ? 'forms' : kind === 'survey' ? 'surveys' : null;
  if (!table) return [];
  const row = await db.prepare(`SELECT doc FROM ${table} WHERE id = ?`).bind(refId).first<{ doc: string }>();
  if (!row) return [];
  try {
    const doc = JSON.parse(row.doc) as { form?: { fields?: unknown[] }; formData?: { slides?: { slideData?: unknown[] }[] } };
    const fields = kind === 'form' ? (doc.form?.fields ?? []) : (doc.formData?.slides ?? []).flatMap((slide) => slide.slideData ?? []);
    return labelsOfFields(fields as Parameters<typeof labelsOfFields>[0]);
  } catch {
    return [];
  }
}

/** One page: up to `limit` items after `after`, and the position of the last when more follow. */
export async function readPage(
  db: D1Database,
  kind: ResultKind,
  where: Where,
  after: Position | null,
  limit: number,
  ctx: ShapeContext,
): Promise<{ items: Item[]; next: Position | null }> {
  const rows = await readRows(db, kind, where, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null;
  return { items: await SHAPERS[kind](page, ctx), next };
}
