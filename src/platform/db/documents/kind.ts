/**
 * A document kind of the admin API: how a builder's JSON document of one kind is
 * validated, which stored documents it points at, and which SQL statements store or
 * remove it. The statements of one write run in a single D1 batch, so a write is all or
 * nothing; the checks before it turn every bad input into a 4xx ApiError.
 */
import type * as v from 'valibot';
import type { RandomBytes } from '../../../lib/ids';
import { ApiError } from '../../http';

/** Tables a document may point at. */
export type ParentTable = 'locations' | 'funnels' | 'funnel_steps' | 'forms' | 'calendar_providers';

/** A stored document another one names, e.g. a page's location. */
export interface ParentRef {
  table: ParentTable;
  /** Null or undefined when the reference is optional and absent. */
  id: string | null | undefined;
  /** Field name in the document, used in the error message. */
  field: string;
  /** When given, the parent must belong to this location (or, for a step, this funnel). */
  owner?: { column: 'location_id' | 'funnel_id'; id: string };
}

export interface DocumentKind<T = Record<string, unknown>> {
  /** Table the document is stored in. */
  table: string;
  /** Column of the table holding the document's id. */
  idColumn: 'id' | 'host';
  /** Singular name for messages. */
  label: string;
  schema: v.GenericSchema<unknown, T>;
  /** Validates an id as it appears in a URL path. */
  pathId: v.GenericSchema<string, string>;
  idOf(doc: T): string;
  parents(doc: T): ParentRef[];
  /** Extra checks against stored state (uniqueness across documents); throws ApiError. */
  check?(db: D1Database, doc: T): Promise<void>;
  /**
   * Fills in what the server decides (a generated value, one kept from the stored document)
   * after the checks pass; the document it answers is the one stored and read back.
   */
  complete?(db: D1Database, doc: T, context: { now: number; random: RandomBytes }): Promise<T>;
  /** Statements that insert or replace the document. */
  write(db: D1Database, doc: T, now: number): D1PreparedStatement[];
  /** Statements that remove the document; throws a 409 ApiError while others depend on it. */
  remove(db: D1Database, id: string, now: number): Promise<D1PreparedStatement[]>;
  /**
   * Pages whose cached copies this document makes stale: the page itself, those served from a
   * host + path it decides, those whose page data carries it (a location's settings), and
   * those whose render embeds it (a form, survey or calendar element).
   */
  pagesAffected(db: D1Database, id: string): Promise<string[]>;
}

/** Declares a kind with its document type inferred from the schema. */
export function defineKind<T>(kind: DocumentKind<T>): DocumentKind<T> {
  return kind;
}

const PARENT_LABELS: Record<ParentTable, string> = {
  locations: 'Location',
  funnels: 'Funnel',
  funnel_steps: 'Funnel step',
  forms: 'Form',
  calendar_providers: 'Calendar provider',
};

/** Throws a 409 naming the field when a referenced document is missing or belongs elsewhere. */
export async function assertParents(db: D1Database, refs: ParentRef[]): Promise<void> {
  for (const ref of refs) {
    if (ref.id === null || ref.id === undefined) continue;
    const row = await db.prepare(`SELECT * FROM ${ref.table} WHERE id = ?`).bind(ref.id).first<Record<string, unknown>>();
    const label = PARENT_LABELS[ref.table];
    if (!row) throw new ApiError(409, `${ref.field}: ${label} ${ref.id} does not exist`, ref.field);
    if (ref.owner && row[ref.owner.column] !== ref.owner.id) {
      const owner = ref.owner.column === 'location_id' ? 'location' : 'funnel';
      throw new ApiError(409, `${ref.field}: ${label} ${ref.id} belongs to another ${owner}`, ref.field);
    }
  }
}

/** Throws a 409 when any of the counted dependents exist. */
export async function assertUnused(db: D1Database, what: string, checks: { sql: string; id: string; label: string }[]): Promise<void> {
  const found: string[] = [];
  for (const check of checks) {
    const row = await db.prepare(check.sql).bind(check.id).first<{ n: number }>();
    if (row && row.n > 0) found.push(`${row.n} ${check.label}`);
  }
  if (found.length > 0) throw new ApiError(409, `${what} is still used by ${found.join(', ')}; remove those first`);
}

/** The document as stored: its validated JSON. */
export function json(doc: unknown): string {
  return JSON.stringify(doc);
}

/** Ids in the first column of a query's rows. */
export async function idsOf(db: D1Database, sql: string, ...binds: string[]): Promise<string[]> {
  const rows = await db
    .prepare(sql)
    .bind(...binds)
    .all<{ id: string }>();
  return rows.results.map((row) => row.id);
}

/**
 * Published pages whose document names one of `ids` as a JSON string: the pages whose render
 * embeds those documents (a form element's `formId`, a calendar element's calendar or
 * provider). Any mention counts, which at worst purges a page that did not need it.
 */
export async function pagesNaming(db: D1Database, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  const pages = new Set<string>();
  // D1 binds at most 100 parameters per statement.
  for (let start = 0; start < wanted.length; start += 50) {
    const chunk = wanted.slice(start, start + 50);
    const where = chunk.map(() => 'instr(published, ?) > 0').join(' OR ');
    for (const id of await idsOf(db, `SELECT id FROM pages WHERE published IS NOT NULL AND (${where})`, ...chunk.map((id) => JSON.stringify(id))))
      pages.add(id);
  }
  return [...pages];
}
