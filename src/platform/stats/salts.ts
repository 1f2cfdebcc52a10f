/**
 * The daily salts of the visitor hash (issue 28). A day's salt is made by the first view of
 * that day and deleted by the hourly cron (../scheduled.ts) once no time zone on earth is
 * still in that day, together with the visitor keys seen under it: from then on nobody, the
 * seller included, can tell whether two views of different days came from the same visitor;
 * only the day's counts remain.
 *
 * `day` is the calendar day in the funnel's location zone (the day the view is rolled up
 * under), so a visitor counts once per day of the seller's calendar, whichever UTC day it is.
 */
import { base64url, hmacSign } from '../../lib/signing';
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { addDays } from '../../lib/time/calendar-month';

/** Makes the salts of `days` that do not exist yet, then reads them all: one batch. */
export async function saltsOf(db: D1Database, days: readonly string[], now: number, random: RandomBytes = cryptoRandom): Promise<Map<string, string>> {
  if (days.length === 0) return new Map();
  const insert = db.prepare('INSERT INTO visitor_salts (day, salt, created_at) VALUES (?, ?, ?) ON CONFLICT (day) DO NOTHING');
  const results = await db.batch([
    ...days.map((day) => insert.bind(day, base64url(random(32)), now)),
    db.prepare(`SELECT day, salt FROM visitor_salts WHERE day IN (${days.map(() => '?').join(', ')})`).bind(...days),
  ]);
  const rows = (results.at(-1)?.results ?? []) as { day: string; salt: string }[];
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/** A visitor's key on a day: the HMAC of network, browser family and host under the day's salt (128 bits, base64url). */
export async function visitorKey(salt: string, network: string, family: string, host: string): Promise<string> {
  return (await hmacSign(salt, `${network}|${family}|${host}`)).slice(0, 22);
}

/**
 * The oldest day still kept: the UTC day before `now`'s (UTC−12 is still there; UTC+14 is a
 * day ahead and makes tomorrow's salt, which is kept).
 */
export function oldestKeptDay(now: number): string {
  return addDays(new Date(now).toISOString().slice(0, 10), -1);
}

/** Deletes the salts, and the visitor keys made with them, of every day before `oldestKeptDay(now)`; answers how many salts. */
export async function sweepSalts(db: D1Database, now: number): Promise<number> {
  const before = oldestKeptDay(now);
  const [salts] = await db.batch([
    db.prepare('DELETE FROM visitor_salts WHERE day < ?').bind(before),
    db.prepare('DELETE FROM view_visitors WHERE day < ?').bind(before),
    db.prepare('DELETE FROM step_visitors WHERE day < ?').bind(before),
  ]);
  return salts?.meta.changes ?? 0;
}
