/**
 * Reads the e2e worker's local D1 (the SQLite file wrangler dev keeps under .e2e-state),
 * read-only, so a browser test can check what a visitor's action stored.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const root = new URL('../../..', import.meta.url).pathname;
const dir = join(root, '.e2e-state/v3/d1/miniflare-D1DatabaseObject');

/** Rows of one query against the e2e database. */
export function queryD1<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[] {
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}`);
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
