/**
 * Team calendars against workerd and a real local D1: members with their own hours and
 * bookings, free slots per member and as their union, round robin in both modes, the
 * member kept on a move, and a race of 200 bookings of one slot on a two-member calendar.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, seedBooking, seedCalendar, slotAt } from './booking-fixtures';
import { get, type Loose, post } from './forms-fixtures';

const allWeek = (start: string, end: string) => {
  const day = [{ start, end }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};

const team = (id: string, round_robin: 'least_recent' | 'even') => ({
  id,
  locationId: 'loc_w',
  providerId: 'prov_1',
  slug: id.replace('_', '-'),
  name: `Team ${id}`,
  slot_duration: 60,
  timezone: 'America/New_York',
  availability: allWeek('09:00', '17:00'),
  allow_booking_for: 60,
  allow_booking_for_unit: 'days',
  round_robin,
  allow_member_choice: true,
  team_members: [
    { user_id: 'usr_ada', name: 'Ada Park' },
    // Bea works mornings only.
    { user_id: 'usr_bea', name: 'Bea Ruiz', availability: allWeek('09:00', '12:00') },
  ],
  date_added: 9_000,
});

beforeAll(async () => {
  await seedBooking();
  for (const [id, mode] of [
    ['team_lr', 'least_recent'],
    ['team_ev', 'even'],
    ['team_race', 'least_recent'],
    ['team_mv', 'least_recent'],
  ] as const)
    await seedCalendar(team(id, mode));
  await seedCalendar({ ...team('team_paid', 'least_recent'), stripe: { amount: 40, currency: 'usd' } });
});

async function slotsOn(calendarId: string, day: string, userId?: string): Promise<string[]> {
  const from = Date.parse(`${day}T00:00:00-05:00`) - 86_400_000;
  const q = new URLSearchParams({ calendar_id: calendarId, startDate: String(from), endDate: String(from + 3 * 86_400_000), timezone: 'America/New_York' });
  if (userId) q.set('user_id', userId);
  const res = await get(`/appointment/free-slots?${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, { slots: string[] }>;
  return body[day]?.slots.map((s) => s.slice(11, 16)) ?? [];
}

const bookedWith = async (res: Response): Promise<string> => {
  expect(res.status).toBe(200);
  return ((await res.json()) as Loose).appointment.user_id;
};

describe('free slots of a team calendar', () => {
  it('answers one member’s slots with user_id, and every slot some member is free at without it', async () => {
    const day = slotAt(5, 9).slice(0, 10);
    expect(await slotsOn('team_lr', day, 'usr_bea')).toEqual(['09:00', '10:00', '11:00']);
    expect(await slotsOn('team_lr', day, 'usr_ada')).toHaveLength(8);
    expect(await slotsOn('team_lr', day)).toHaveLength(8);
    // Ada booked at 14:00: nobody else works then, so the slot leaves the union.
    await bookedWith(await book('team_lr', slotAt(5, 14), { email: 'u1@example.com', user_id: 'usr_ada' }));
    expect(await slotsOn('team_lr', day)).not.toContain('14:00');
    // Ada booked at 10:00 too: Bea is still free then.
    await bookedWith(await book('team_lr', slotAt(5, 10), { email: 'u2@example.com', user_id: 'usr_ada' }));
    expect(await slotsOn('team_lr', day, 'usr_ada')).not.toContain('10:00');
    expect(await slotsOn('team_lr', day)).toContain('10:00');
  });

  it('refuses a user_id that is not a member of the calendar', async () => {
    const res = await get(`/appointment/free-slots?calendar_id=team_lr&startDate=0&endDate=1000&timezone=UTC&user_id=usr_nobody`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Loose).msg).toMatch(/user_id/);
  });
});

describe('round robin', () => {
  it('least recently booked: alternates between the members free, and skips one who is busy', async () => {
    const who = [];
    for (const [i, hour] of [9, 10, 11].entries()) who.push(await bookedWith(await book('team_lr', slotAt(12, hour), { email: `lr${i}@example.com` })));
    // Before these, Ada had booked most recently (in the test above).
    expect(who).toEqual(['usr_bea', 'usr_ada', 'usr_bea']);
    // At 15:00 only Ada works, whoever's turn it is.
    expect(await bookedWith(await book('team_lr', slotAt(12, 15), { email: 'lr4@example.com' }))).toBe('usr_ada');
  });

  it('spread evenly: the member with fewer bookings gets the next one', async () => {
    for (const [i, hour] of [13, 14, 15].entries())
      await bookedWith(await book('team_ev', slotAt(14, hour), { email: `ev${i}@example.com`, user_id: 'usr_ada' }));
    // Ada has 3, Bea 0: Bea gets the next three morning bookings, then they are level.
    const who = [];
    for (const [i, hour] of [9, 10, 11].entries()) who.push(await bookedWith(await book('team_ev', slotAt(15, hour), { email: `ev-m${i}@example.com` })));
    expect(who).toEqual(['usr_bea', 'usr_bea', 'usr_bea']);
    const counts = await env.DB.prepare(
      "SELECT user_id, COUNT(*) AS n FROM appointments WHERE calendar_id = 'team_ev' GROUP BY user_id ORDER BY user_id",
    ).all();
    expect(counts.results).toEqual([
      { user_id: 'usr_ada', n: 3 },
      { user_id: 'usr_bea', n: 3 },
    ]);
  });

  it('books the named member only, and answers 409 when they are taken', async () => {
    await bookedWith(await book('team_lr', slotAt(16, 9), { email: 'n1@example.com', user_id: 'usr_bea' }));
    const again = await book('team_lr', slotAt(16, 9), { email: 'n2@example.com', user_id: 'usr_bea' });
    expect(again.status).toBe(409);
    expect(await bookedWith(await book('team_lr', slotAt(16, 9), { email: 'n3@example.com' }))).toBe('usr_ada');
    expect((await book('team_lr', slotAt(16, 9), { email: 'n4@example.com' })).status).toBe(409);
  });
});

describe('a race on a two-member calendar', () => {
  it('gives exactly 2 of 200 concurrent bookings of one slot, one per member', async () => {
    const slot = slotAt(20, 10);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book('team_race', slot, { email: `race${i}@example.com` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(198);
    const { results } = await env.DB.prepare(
      "SELECT user_id FROM appointments WHERE calendar_id = 'team_race' AND status != 'cancelled' ORDER BY user_id",
    ).all();
    expect(results).toEqual([{ user_id: 'usr_ada' }, { user_id: 'usr_bea' }]);
  });
});

describe('moving a team appointment', () => {
  it('keeps the member when they are free at the new time, and hands it to a free member when not', async () => {
    const first = (await (await book('team_mv', slotAt(22, 9), { email: 'mv@example.com', user_id: 'usr_bea' })).json()) as Loose;
    const move = (slot: string) =>
      post('/appointment', { event_id: first.id, selected_slot: slot, timezone: 'America/New_York', calendar_id: 'team_mv', token: first.manage_token });
    const kept = (await (await move(slotAt(22, 11))).json()) as Loose;
    expect(kept.appointment.user_id).toBe('usr_bea');
    expect(kept.appointment.team_member_name).toBe('Bea Ruiz');
    // Bea does not work at 15:00; Ada does.
    const handed = (await (await move(slotAt(22, 15))).json()) as Loose;
    expect(handed.appointment.user_id).toBe('usr_ada');
    expect(await slotsOn('team_mv', slotAt(22, 9).slice(0, 10), 'usr_bea')).toContain('11:00');
  });
});

describe('payment-step holds on a paid team calendar', () => {
  it('hold one member’s slot each, in round-robin order, until nobody is free', async () => {
    const slot = slotAt(24, 10);
    const hold = () => post('/appointment/hold', { calendar_id: 'team_paid', selected_slot: slot });
    const first = (await (await hold()).json()) as Loose;
    const second = (await (await hold()).json()) as Loose;
    expect((await hold()).status).toBe(409);
    const held = await env.DB.prepare('SELECT user_id FROM slot_holds WHERE id IN (?, ?) ORDER BY user_id').bind(first.hold_id, second.hold_id).all();
    expect(held.results).toEqual([{ user_id: 'usr_ada' }, { user_id: 'usr_bea' }]);
    // Holding a named member who is already held is refused.
    expect((await post('/appointment/hold', { calendar_id: 'team_paid', selected_slot: slot, user_id: 'usr_ada' })).status).toBe(409);
  });
});
