/**
 * Who a booking on a team calendar goes to. The visitor's (or the link's) member when named;
 * a moved appointment's own member first when still free; otherwise every free member in
 * round-robin order, in the calendar's mode:
 * - `least_recent`: whoever was booked least recently first (never booked: first of all);
 * - `even`: whoever has the fewest live bookings first, then the least recent.
 * Ties keep the calendar's order of members. The booking tries them in this order, one
 * batch each: a member whose minutes another booking claimed in the meantime fails that
 * batch in the database, and the next one is tried, so racing bookings share the members
 * out and never double-book one.
 */
import type { CalendarDocument } from '../../schemas/calendar';
import { slotIsFree } from './slots';
import { isTeamCalendar, memberOf } from './team';

interface MemberStats {
  user_id: string;
  n: number;
  last: number;
}

/** Members in the calendar's round-robin order, by their live bookings. */
export async function roundRobinOrder(db: D1Database, calendar: CalendarDocument, userIds: readonly string[]): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT user_id, COUNT(*) AS n, MAX(created_at) AS last FROM appointments
       WHERE calendar_id = ? AND user_id IS NOT NULL AND status != 'cancelled' GROUP BY user_id`,
    )
    .bind(calendar.id)
    .all<MemberStats>();
  const stats = new Map(results.map((r) => [r.user_id, r]));
  const key = (id: string) => ({ n: stats.get(id)?.n ?? 0, last: stats.get(id)?.last ?? -1, at: userIds.indexOf(id) });
  return [...userIds].sort((x, y) => {
    const a = key(x);
    const b = key(y);
    if (calendar.round_robin === 'even' && a.n !== b.n) return a.n - b.n;
    return a.last - b.last || a.at - b.at;
  });
}

export interface HostChoice {
  /** The member the visitor or link named (user_id). */
  wanted?: string | null | undefined;
  /** The member a moved appointment is with: kept when still free. */
  previous?: string | null | undefined;
  /** Ids whose busy times do not count (the appointment moved, the visitor's hold). */
  except?: readonly string[];
}

/**
 * The hosts to try for `start`, best first: `[null]` for a single-host calendar whose slot
 * is free, member ids for a team calendar; empty when nobody is free.
 */
export async function hostsFor(db: D1Database, calendar: CalendarDocument, start: number, now: number, choice: HostChoice): Promise<(string | null)[]> {
  const except = choice.except ?? [];
  if (!isTeamCalendar(calendar)) return (await slotIsFree(db, calendar, start, now, except)) ? [null] : [];
  if (choice.wanted) {
    memberOf(calendar, choice.wanted);
    return (await slotIsFree(db, calendar, start, now, except, choice.wanted)) ? [choice.wanted] : [];
  }
  const free: string[] = [];
  for (const m of calendar.team_members) if (await slotIsFree(db, calendar, start, now, except, m.user_id)) free.push(m.user_id);
  const ordered = await roundRobinOrder(db, calendar, free);
  const previous = choice.previous && free.includes(choice.previous) ? choice.previous : null;
  return previous ? [previous, ...ordered.filter((id) => id !== previous)] : ordered;
}
