/** A zone's offsets over a span, and the SQL day they give, agree with "today in a zone" across changes of time (issue 28's statistics). */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../src/lib/time/today';
import { isoDayOf, zoneDaySql, zoneStretches } from '../../src/lib/time/zone-stretches';

const START = Date.UTC(2026, 0, 1);
const END = Date.UTC(2027, 0, 1);

describe('zoneStretches', () => {
  it.each(['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'])(
    '%s: the SQL day of an instant is its day in the zone',
    async (zone) => {
      const stretches = zoneStretches(zone, START, END);
      expect(stretches.at(-1)?.until).toBe(END);
      // Every 37 minutes of the year, and both sides of each change.
      const every = Array.from({ length: Math.floor((END - START) / 2_220_000) }, (_, i) => START + i * 2_220_000);
      const instants = [...every, ...stretches.flatMap((s) => [s.until - 1, s.until])].filter((at) => at < END);
      const wrong: { at: number; d: number }[] = [];
      for (let i = 0; i < instants.length; i += 500) {
        const values = instants.slice(i, i + 500).map((at) => `(${at})`);
        const sql = `SELECT column1 AS at, ${zoneDaySql('column1', stretches)} AS d FROM (VALUES ${values.join(',')})`;
        const rows = await env.DB.prepare(sql).all<{ at: number; d: number }>();
        wrong.push(...rows.results.filter((row) => isoDayOf(row.d) !== todayIn(zone, row.at)));
      }
      expect(wrong).toEqual([]);
    },
  );
});
