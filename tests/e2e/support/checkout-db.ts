/**
 * Reads the e2e worker's local D1 database (the SQLite file wrangler keeps under its
 * persist folder), read-only, so browser tests can check what a purchase stored.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const root = new URL('../../..', import.meta.url).pathname;

/** Runs one read-only query against the D1 database persisted in `persistTo`. */
export function queryD1<T>(sql: string, params: (string | number)[] = [], persistTo = '.e2e-state'): T[] {
  const folder = join(root, persistTo, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${folder}`);
  const db = new DatabaseSync(join(folder, file), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
