/**
 * A D1Database over node:sqlite for bench/stats.mjs: the statistics' own code (the queue
 * consumer's rollups) runs unchanged in Node against the SQLite file that the bench's local
 * D1 keeps, so a million views are rolled up in minutes rather than sent one by one through
 * the local queue. prepare/bind/all/first/run and batch (one transaction), as the code uses them.
 */
import { DatabaseSync } from 'node:sqlite';

export function d1Over(path) {
  const sqlite = new DatabaseSync(path);
  // A bench run, not a store to keep: no sync to disk on each of the ten thousand batches.
  sqlite.exec('PRAGMA synchronous = OFF;');
  const cache = new Map();
  const compiled = (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const bound = (sql, params) => ({
    bind: (...values) => bound(sql, values),
    all: async () => ({ results: compiled(sql).all(...params), meta: {} }),
    first: async () => compiled(sql).get(...params) ?? null,
    run: async () => ({ results: [], meta: { changes: Number(compiled(sql).run(...params).changes) } }),
    sql,
    params,
  });
  return {
    sqlite,
    prepare: (sql) => bound(sql, []),
    async batch(statements) {
      sqlite.exec('BEGIN');
      try {
        const results = statements.map((s) => ({ results: compiled(s.sql).all(...s.params), meta: {} }));
        sqlite.exec('COMMIT');
        return results;
      } catch (error) {
        sqlite.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => sqlite.close(),
  };
}
