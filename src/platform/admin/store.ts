/**
 * Storing, reading and removing documents of any kind. Every check runs before the one
 * batch that writes, so a refused document leaves the database as it was. Each write
 * answers the page-cache keys it may have made stale, taken before and after the write
 * (a funnel that moves a step to a new path leaves the old path's copy behind otherwise).
 */
import * as v from 'valibot';
import { documentKinds, type KindName } from '../db/documents/index';
import { assertParents, type DocumentKind } from '../db/documents/kind';
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { ApiError, parseWith } from '../http';
import { pageCacheKeys } from './page-cache';

/** What a write answers. */
export interface WriteResult {
  id: string;
  created: boolean;
  /** Page-cache keys whose copies may be stale now. */
  staleKeys: string[];
  /** Pages whose cached copies may be stale now. */
  pages: string[];
}

function parsePathId(kind: DocumentKind, raw: string): string {
  const result = v.safeParse(kind.pathId, raw);
  if (!result.success) throw new ApiError(400, `id: ${result.issues[0]?.message ?? 'is not valid'}`, 'id');
  return result.output;
}

async function keysOf(db: D1Database, pageIds: string[]): Promise<string[]> {
  const keys = await Promise.all(pageIds.map((pageId) => pageCacheKeys(db, pageId)));
  return keys.flat();
}

async function exists(db: D1Database, kind: DocumentKind, id: string): Promise<boolean> {
  return (await db.prepare(`SELECT 1 AS found FROM ${kind.table} WHERE ${kind.idColumn} = ?`).bind(id).first()) !== null;
}

/** What a constraint failure means to the caller: the checks before the batch passed, so another write came between. */
const CONSTRAINT_MESSAGES: [RegExp, string][] = [
  [/FOREIGN KEY/i, 'A document it refers to was removed meanwhile; store that one again first'],
  [/UNIQUE/i, 'A value that must be unique (an id, slug or step path) was taken meanwhile'],
  [/CHECK/i, 'A value is out of range for its column'],
];

/** Runs a write batch, turning constraint failures (a race with another write) into 409s. */
async function runBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await db.batch(statements);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const known = CONSTRAINT_MESSAGES.find(([pattern]) => /constraint failed/i.test(message) && pattern.test(message));
    if (known) throw new ApiError(409, known[1]);
    throw err;
  }
}

/** Validates `body` as a document of `kindName` with id `rawId` and stores it. */
export async function putDocument(
  db: D1Database,
  kindName: KindName,
  rawId: string,
  body: unknown,
  now: number,
  random: RandomBytes = cryptoRandom,
): Promise<WriteResult> {
  const kind = documentKinds[kindName];
  const id = parsePathId(kind, rawId);
  const parsed = parseWith(kind.schema, body);
  const docId = kind.idOf(parsed);
  if (docId !== id) throw new ApiError(400, `The id in the path (${id}) differs from the document's id (${docId})`, 'id');
  await assertParents(db, kind.parents(parsed));
  await kind.check?.(db, parsed);
  const doc = kind.complete ? await kind.complete(db, parsed, { now, random }) : parsed;
  const created = !(await exists(db, kind, id));
  const pagesBefore = created ? [] : await kind.pagesAffected(db, id);
  const before = await keysOf(db, pagesBefore);
  await runBatch(db, kind.write(db, doc, now));
  const pagesAfter = await kind.pagesAffected(db, id);
  const after = await keysOf(db, pagesAfter);
  return { id, created, staleKeys: [...new Set([...before, ...after])], pages: [...new Set([...pagesBefore, ...pagesAfter])] };
}

/** Removes a document; 404 when there is none. */
export async function deleteDocument(db: D1Database, kindName: KindName, rawId: string, now: number): Promise<WriteResult> {
  const kind = documentKinds[kindName];
  const id = parsePathId(kind, rawId);
  if (!(await exists(db, kind, id))) throw new ApiError(404, `${kind.label} ${id} does not exist`);
  const pages = await kind.pagesAffected(db, id);
  const staleKeys = await keysOf(db, pages);
  await runBatch(db, await kind.remove(db, id, now));
  return { id, created: false, staleKeys, pages };
}

/** Reads a stored document back as it was sent (after validation); 404 when there is none. */
export async function getDocument(db: D1Database, kindName: KindName, rawId: string): Promise<unknown> {
  const kind = documentKinds[kindName];
  const id = parsePathId(kind, rawId);
  const column = kind.table === 'pages' ? 'draft' : 'doc';
  const row = await db.prepare(`SELECT ${column} AS doc FROM ${kind.table} WHERE ${kind.idColumn} = ?`).bind(id).first<{ doc: string }>();
  if (!row) throw new ApiError(404, `${kind.label} ${id} does not exist`);
  return JSON.parse(row.doc);
}

/** Tables counted by the status call: the documents, then what visitors created. */
export const COUNTED_TABLES = [
  'locations',
  'domains',
  'funnels',
  'funnel_steps',
  'pages',
  'products',
  'forms',
  'surveys',
  'calendar_providers',
  'calendars',
  'experiments',
  'webhooks',
  'contacts',
  'appointments',
  'submissions',
  'orders',
] as const;

/** Row counts per table, in one round trip. */
export async function countTables(db: D1Database): Promise<Record<(typeof COUNTED_TABLES)[number], number>> {
  const results = await db.batch(COUNTED_TABLES.map((table) => db.prepare(`SELECT count(*) AS n FROM ${table}`)));
  const counts = {} as Record<(typeof COUNTED_TABLES)[number], number>;
  COUNTED_TABLES.forEach((table, i) => {
    counts[table] = (results[i]?.results[0] as { n: number } | undefined)?.n ?? 0;
  });
  return counts;
}
