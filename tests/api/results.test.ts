/** The results API (issue 27): lists of contacts, submissions, appointments and orders, and one contact whole. */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import {
  type Loose,
  seedAppointment,
  seedCalendar,
  seedContact,
  seedForm,
  seedFunnel,
  seedLocation,
  seedOrder,
  seedSubmission,
  seedSurvey,
} from './results-fixtures';

const T = Date.UTC(2026, 0, 10, 12); // 2026-01-10T12:00:00Z
const MIN = 60_000;

async function list(path: string): Promise<{ status: number; body: Loose }> {
  const res = await admin('GET', path);
  return { status: res.status, body: (await res.json()) as Loose };
}
const ids = async (path: string) => {
  const { status, body } = await list(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Loose[]).map((item) => item.id);
};

beforeAll(async () => {
  await seedLocation('loc_a');
  await seedLocation('loc_b');
  await seedContact('ct_ann', 'loc_a', T, { name: 'Ann Lee', email: 'ann@example.com', phone: '+12025550101', source: 'form' });
  await seedContact('ct_bob', 'loc_a', T + MIN, { name: 'Bob 100% Real_Name', email: 'bob@example.com', phone: '+12025550102', source: 'survey' });
  await seedContact('ct_cyd', 'loc_a', T + 2 * MIN, { name: 'Cyd Bo', email: 'CYD@EXAMPLE.COM', source: 'booking' });
  await seedContact('ct_dee', 'loc_b', T + 3 * MIN, { name: 'Dee', phone: '+447700900123' });

  await seedForm('fm_a', 'loc_a', [
    { tag: 'full_name', label: 'Your name' },
    { tag: 'goal', label: 'What is your goal?' },
  ]);
  await seedSurvey('sv_a', 'loc_a', [{ tag: 'size', label: 'Team size' }]);
  await seedSubmission('sb_1', { refId: 'fm_a', locationId: 'loc_a', contactId: 'ct_ann', at: T + 10 * MIN, values: { full_name: 'Ann Lee', goal: 'Grow' } });
  await seedSubmission('sb_2', {
    kind: 'survey',
    refId: 'sv_a',
    locationId: 'loc_a',
    contactId: 'ct_bob',
    at: T + 11 * MIN,
    values: { size: '5' },
    disqualified: true,
  });
  await seedSubmission('sb_3', { refId: 'fm_a', locationId: 'loc_a', contactId: 'ct_cyd', at: T + 12 * MIN, values: { goal: 'Hire', extra: 'x' } });

  await seedCalendar('cal_ny', 'loc_a', 'America/New_York', 'fm_a');
  await seedSubmission('sb_4', { kind: 'appointment', refId: 'cal_ny', locationId: 'loc_b', at: T + 13 * MIN, values: { full_name: 'Dee', goal: 'Talk' } });
  await seedCalendar('cal_in', 'loc_a', 'Asia/Kolkata');
  await seedAppointment('ap_1', { calendarId: 'cal_ny', locationId: 'loc_a', contactId: 'ct_ann', start: Date.UTC(2026, 0, 20, 14), at: T + 20 * MIN });
  await seedAppointment('ap_2', {
    calendarId: 'cal_in',
    locationId: 'loc_a',
    contactId: 'ct_bob',
    start: Date.UTC(2026, 0, 21, 4),
    status: 'cancelled',
    at: T + 21 * MIN,
  });

  await seedFunnel('fn_a', 'loc_a', ['st_1', 'st_2']);
  await seedOrder('or_1', {
    locationId: 'loc_a',
    funnelId: 'fn_a',
    stepId: 'st_1',
    contactId: 'ct_ann',
    status: 'paid',
    at: T + 30 * MIN,
    items: [{ productId: 'pr_1', name: 'Course', amount: 4900 }],
  });
  await seedOrder('or_2', {
    locationId: 'loc_a',
    funnelId: 'fn_a',
    stepId: 'st_2',
    contactId: 'ct_bob',
    currency: 'jpy',
    at: T + 31 * MIN,
    items: [
      { productId: 'pr_2', name: 'Book', amount: 1500 },
      { productId: 'pr_3', name: 'Audio', amount: 500 },
    ],
  });
});

describe('GET /admin/v1/contacts', () => {
  it('lists contacts newest first with name, email, phone and source', async () => {
    const { status, body } = await list('/contacts');
    expect(status).toBe(200);
    expect(body.items.map((c: Loose) => c.id)).toEqual(['ct_dee', 'ct_cyd', 'ct_bob', 'ct_ann']);
    expect(body.items[3]).toEqual({
      id: 'ct_ann',
      locationId: 'loc_a',
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '+12025550101',
      source: 'form',
      firstTouch: null,
      lastTouch: null,
      consents: [],
      createdAt: '2026-01-10T12:00:00.000Z',
    });
    expect(body.next_cursor).toBeNull();
  });

  it('filters by location and time range (ISO or epoch ms, from inclusive, to exclusive)', async () => {
    expect(await ids('/contacts?location_id=loc_b')).toEqual(['ct_dee']);
    expect(await ids(`/contacts?from=${T + MIN}&to=${T + 3 * MIN}`)).toEqual(['ct_cyd', 'ct_bob']);
    expect(await ids('/contacts?from=2026-01-10T12:01:00Z&to=2026-01-10T12:02:00Z')).toEqual(['ct_bob']);
  });

  it('searches name, email and phone case-insensitively, taking % and _ literally', async () => {
    expect(await ids('/contacts?q=cyd@example')).toEqual(['ct_cyd']);
    expect(await ids('/contacts?q=ANN')).toEqual(['ct_ann']);
    expect(await ids('/contacts?q=%2B4477')).toEqual(['ct_dee']);
    expect(await ids('/contacts?q=bo')).toEqual(['ct_cyd', 'ct_bob']);
    expect(await ids('/contacts?q=100%25')).toEqual(['ct_bob']);
    expect(await ids('/contacts?q=l_e')).toEqual([]);
    expect(await ids('/contacts?q=real_name')).toEqual(['ct_bob']);
  });
});

describe('GET /admin/v1/submissions', () => {
  it('answers keyed by the form or survey field labels, with the contact and status', async () => {
    const { body } = await list('/submissions?location_id=loc_a');
    expect(body.items.map((s: Loose) => s.id)).toEqual(['sb_3', 'sb_2', 'sb_1']);
    expect(body.items[2]).toEqual({
      id: 'sb_1',
      kind: 'form',
      refId: 'fm_a',
      locationId: 'loc_a',
      contactId: 'ct_ann',
      contact: { name: 'Ann Lee', email: 'ann@example.com', phone: '+12025550101' },
      status: 'qualified',
      answers: { 'Your name': 'Ann Lee', 'What is your goal?': 'Grow' },
      funnelId: null,
      stepId: null,
      domain: null,
      pageUrl: null,
      firstTouch: null,
      lastTouch: null,
      consents: [],
      createdAt: '2026-01-10T12:10:00.000Z',
    });
    expect(body.items[1].answers).toEqual({ 'Team size': '5' });
    expect(body.items[0].answers).toEqual({ 'What is your goal?': 'Hire', extra: 'x' });
  });

  it('filters by form, survey and status', async () => {
    expect(await ids('/submissions?form_id=fm_a')).toEqual(['sb_3', 'sb_1']);
    expect(await ids('/submissions?survey_id=sv_a')).toEqual(['sb_2']);
    expect(await ids('/submissions?status=disqualified')).toEqual(['sb_2']);
    expect(await ids('/submissions?status=qualified&q=cyd')).toEqual(['sb_3']);
    expect(await ids('/submissions?location_id=loc_b')).toEqual(['sb_4']);
    expect(await ids('/submissions?from=2026-01-10T12:11:00Z&to=2026-01-10T12:13:00Z')).toEqual(['sb_3', 'sb_2']);
  });

  it("keys a booking's answers by the labels of its calendar's form", async () => {
    const { body } = await list('/submissions?calendar_id=cal_ny');
    expect(body.items.map((s: Loose) => [s.id, s.kind, s.answers])).toEqual([['sb_4', 'appointment', { 'Your name': 'Dee', 'What is your goal?': 'Talk' }]]);
  });

  it("keys the answers of a booking on a calendar without its own form by the standard booking form's labels", async () => {
    await seedLocation('loc_std');
    await seedSubmission('sb_std', {
      kind: 'appointment',
      refId: 'cal_in',
      locationId: 'loc_std',
      at: T + 14 * MIN,
      values: { first_name: 'Eve', last_name: 'Ng', phone: '+12025550199', email: 'eve@example.com' },
    });
    const { body } = await list('/submissions?calendar_id=cal_in');
    expect(body.items.map((s: Loose) => [s.id, s.answers])).toEqual([
      ['sb_std', { 'First Name': 'Eve', 'Last Name': 'Ng', Phone: '+12025550199', Email: 'eve@example.com' }],
    ]);
  });
});

describe('GET /admin/v1/appointments', () => {
  it("gives the times in the calendar's zone and the status", async () => {
    const { body } = await list('/appointments');
    expect(body.items.map((a: Loose) => a.id)).toEqual(['ap_2', 'ap_1']);
    expect(body.items[1]).toMatchObject({
      calendarName: 'Calendar cal_ny',
      startTime: '2026-01-20T09:00:00-05:00',
      endTime: '2026-01-20T09:30:00-05:00',
      timezone: 'America/New_York',
      status: 'booked',
    });
    expect(body.items[0]).toMatchObject({
      startTime: '2026-01-21T09:30:00+05:30',
      timezone: 'Asia/Kolkata',
      status: 'cancelled',
      contact: { name: 'Bob 100% Real_Name' },
    });
  });

  it('filters by calendar and status', async () => {
    expect(await ids('/appointments?calendar_id=cal_ny')).toEqual(['ap_1']);
    expect(await ids('/appointments?status=cancelled')).toEqual(['ap_2']);
    expect(await ids('/appointments?status=booked&calendar_id=cal_in')).toEqual([]);
    expect(await ids('/appointments?location_id=loc_b')).toEqual([]);
    expect(await ids('/appointments?q=bob@')).toEqual(['ap_2']);
    expect(await ids(`/appointments?to=${T + 21 * MIN}`)).toEqual(['ap_1']);
  });
});

describe('GET /admin/v1/orders', () => {
  it('gives items, amounts in minor units and formatted, and the payment status', async () => {
    const { body } = await list('/orders');
    expect(body.items.map((o: Loose) => o.id)).toEqual(['or_2', 'or_1']);
    expect(body.items[1]).toMatchObject({
      status: 'paid',
      currency: 'USD',
      amount: 4900,
      amountFormatted: '$49.00',
      items: [{ productId: 'pr_1', name: 'Course', amount: 4900, amountFormatted: '$49.00', bump: false }],
    });
    expect(body.items[0]).toMatchObject({ status: 'pending', currency: 'JPY', amount: 2000, amountFormatted: '¥2,000' });
    expect(body.items[0].items.map((i: Loose) => i.name)).toEqual(['Audio', 'Book']);
  });

  it('filters by funnel, step and status', async () => {
    expect(await ids('/orders?funnel_id=fn_a')).toEqual(['or_2', 'or_1']);
    expect(await ids('/orders?step_id=st_1')).toEqual(['or_1']);
    expect(await ids('/orders?status=pending')).toEqual(['or_2']);
    expect(await ids('/orders?location_id=loc_a&q=%2B12025550101')).toEqual(['or_1']);
    expect(await ids(`/orders?from=${T + 31 * MIN}`)).toEqual(['or_2']);
  });
});

describe('GET /admin/v1/contacts/{id}', () => {
  it('answers the contact with its submissions, appointments and orders in time order', async () => {
    const { status, body } = await list('/contacts/ct_bob');
    expect(status).toBe(200);
    expect(body.contact).toMatchObject({ id: 'ct_bob', name: 'Bob 100% Real_Name', email: 'bob@example.com', source: 'survey' });
    expect(body.activity.map((a: Loose) => `${a.type}:${a.id}`)).toEqual(['submission:sb_2', 'appointment:ap_2', 'order:or_2']);
    expect(body.activity[0].answers).toEqual({ 'Team size': '5' });
  });

  it('answers 404 for a contact that does not exist', async () => {
    expect(await list('/contacts/ct_nobody')).toEqual({ status: 404, body: { msg: 'Contact ct_nobody not found' } });
  });
});

describe('paging', () => {
  it('walks every row exactly once, newest first, while new rows arrive between pages', async () => {
    await seedLocation('loc_p');
    const base = Date.UTC(2026, 1, 1);
    // Pairs share a created_at, so the id breaks ties.
    const original = Array.from({ length: 23 }, (_, i) => ({ id: `pg_${String(i).padStart(2, '0')}`, at: base + Math.floor(i / 2) * MIN }));
    for (const row of original) await seedContact(row.id, 'loc_p', row.at);
    const expected = [...original].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id)).map((row) => row.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body }: { status: number; body: Loose } = await list(`/contacts?location_id=loc_p&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      seen.push(...body.items.map((c: Loose) => c.id));
      cursor = body.next_cursor;
      pages++;
      // A newer row and one at the same instant as the newest already read.
      await seedContact(`new_${pages}`, 'loc_p', base + 100 * MIN + pages);
      await seedContact(`pg_zz${pages}`, 'loc_p', base + 11 * MIN);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
  });

  it('a page at the end has no next cursor; limit defaults to 100 and goes up to 500', async () => {
    const { body } = await list('/contacts?limit=500');
    expect(body.next_cursor).toBeNull();
    const first = await list('/contacts?limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(typeof first.body.next_cursor).toBe('string');
  });
});

describe('bad input', () => {
  const refused: [string, number, string][] = [
    ['/contacts?limit=501', 400, 'limit must be at most 500'],
    ['/contacts?limit=0', 400, 'limit must be at least 1'],
    ['/contacts?limit=ten', 400, 'limit must be a whole number'],
    ['/contacts?status=paid', 400, 'status does not filter contacts'],
    ['/contacts?funnel_id=fn_a', 400, 'funnel_id does not filter contacts'],
    ['/orders?status=refunded', 400, 'status must be one of pending, processing, paid, failed'],
    ['/appointments?status=', 400, 'status must not be empty'],
    ['/submissions?colour=red', 400, 'colour: is not a parameter of this call'],
    ['/contacts?from=yesterday', 400, 'from must be an ISO 8601 date or epoch milliseconds'],
    ['/contacts?to=2026-13-45', 400, 'to must be an ISO 8601 date or epoch milliseconds'],
    ['/orders?funnel_id=fn_none', 404, 'Funnel fn_none not found'],
    ['/submissions?form_id=fm_none', 404, 'Form fm_none not found'],
    ['/appointments?location_id=loc_none', 404, 'Location loc_none not found'],
    ['/contacts?cursor=abc', 400, 'Invalid cursor'],
    [`/contacts?cursor=${'a'.repeat(5000)}`, 400, 'Invalid cursor'],
  ];
  it.each(refused)('%s → %i', async (path, status, msg) => {
    const res = await list(path);
    expect(res.status).toBe(status);
    expect(res.body.msg).toBe(msg);
  });

  it('refuses a tampered cursor and one issued for another kind with 400', async () => {
    const { body } = await list('/contacts?limit=1');
    const cursor: string = body.next_cursor;
    const [payload, signature] = cursor.split('.');
    const forged = btoa(JSON.stringify([Date.UTC(2030, 0, 1), 'zzz'])).replace(/=+$/, '');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature?.slice(0, -2)}AA`, `${payload}x.${signature}`, `${payload}`]) {
      expect(await list(`/contacts?cursor=${encodeURIComponent(bad)}`)).toEqual({ status: 400, body: { msg: 'Invalid cursor', field: 'cursor' } });
    }
    expect((await list(`/orders?cursor=${cursor}`)).status).toBe(400);
    expect((await list(`/contacts?limit=1&cursor=${cursor}`)).status).toBe(200);
  });

  it('refuses a call without the admin token', async () => {
    const res = await admin('GET', '/contacts', undefined, {});
    expect(res.status).toBe(401);
  });
});
