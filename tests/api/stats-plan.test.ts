/**
 * The statistics read through indexes (issue 28): EXPLAIN QUERY PLAN of every statement of
 * the batch starts from an index or primary key on the funnel, never a scan of a table.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { statsStatements } from '../../src/platform/stats/queries';
import { statsRange } from '../../src/platform/stats/range';

/** The SQL and bound values of a prepared statement (D1's statement keeps them). */
function sqlOf(statement: D1PreparedStatement): { sql: string; params: unknown[] } {
  const inner = statement as unknown as { statement: string; params: unknown[] };
  return { sql: inner.statement, params: inner.params };
}

describe('the statistics batch', () => {
  // New York across the change from summer time: the day of a conversion is computed from two
  // offsets, over the hourly counters. Kolkata (UTC+5:30) splits an hour between two days: its
  // conversions are counted from the rows, through their own indexes.
  it.each(['America/New_York', 'Asia/Kolkata'])('reads every table through an index on the funnel (%s)', async (zone) => {
    const range = statsRange({ from: '2026-08-01', to: '2026-11-20' }, zone, Date.UTC(2026, 10, 1));
    const statements = statsStatements(env.DB, 'fn_x', range, zone);
    expect(statements.some((statement) => sqlOf(statement).sql.includes('conversion_rollups'))).toBe(zone === 'America/New_York');
    for (const statement of statements) {
      const { sql, params } = sqlOf(statement);
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      // Scans of the window function's own subquery result and of a temp b-tree are fine; a table scan is not.
      const tableScans = details.filter((detail) => /^SCAN (?!.*(subquery|co-routine))/i.test(detail) && !/USING (COVERING )?INDEX|PRIMARY KEY/.test(detail));
      expect(tableScans, `${sql}\n${details.join('\n')}`).toEqual([]);
      expect(
        details.some((detail) => /SEARCH .* USING/.test(detail)),
        `${sql}\n${details.join('\n')}`,
      ).toBe(true);
    }
  });
});
