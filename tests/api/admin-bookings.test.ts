import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, funnel, put, location, TOKEN } from './admin-support';
import { type Loose, seedAppointment, seedCalendar, seedContact, seedLocation } from './results-fixtures';

const NOW = Date.UTC(2026, 5, 15, 12);
const HOUR = 3_600_000;

const at = (path: string, now = NOW) =>
  SELF.fetch(`http://admin.test/admin/v1${path}`, { headers: { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(now) } });

beforeAll(async () => {
  await seedLocation('loc_a');
  await seedCalendar('cal_a', 'loc_a', 'Europe/Berlin');
  await seedCalendar('cal_b', 'loc_a', 'Europe/Berlin');
  await seedContact('ct_1', 'loc_a', NOW - 100 * HOUR, { name: '<img src=x onerror=alert(1)>', email: 'a@example.com' });
  // Created in an order unlike their starts, so the list's order is the start's.
  for (const [id, offset, status] of [
    ['ap_late', 50, 'booked'],
    ['ap_soon', 2, 'booked'],
    ['ap_mid', 10, 'cancelled'],
    ['ap_past1', -3, 'booked'],
    ['ap_past2', -30, 'confirmed'],
  ] as const) {
    await seedAppointment(id, {
      calendarId: 'cal_a',
      locationId: 'loc_a',
      contactId: 'ct_1',
      start: NOW + offset * HOUR,
      status,
      at: NOW - 200 * HOUR + offset,
    });
  }
  await seedAppointment('ap_other', { calendarId: 'cal_b', locationId: 'loc_a', start: NOW + HOUR, at: NOW - HOUR });
});

describe('a calendar’s appointments for the dashboard', () => {
  it('lists upcoming soonest first and past latest first, with reschedule links while not cancelled', async () => {
    const upcoming = (await (await at('/calendars/cal_a/appointments?when=upcoming')).json()) as Loose;
    expect(upcoming.items.map((i: Loose) => i.id)).toEqual(['ap_soon', 'ap_mid', 'ap_late']);
    expect(upcoming.items[0].startTime).toBe('2026-06-15T16:00:00+02:00');
    expect(upcoming.items[0].contact.name).toBe('<img src=x onerror=alert(1)>');
    expect(upcoming.items[0].rescheduleUrl).toMatch(/^http:\/\/admin\.test\/widget\/booking\/cal_a\?event_id=ap_soon&token=[\w-]{43}$/);
    expect(upcoming.items[1].rescheduleUrl).toBeNull();
    const past = (await (await at('/calendars/cal_a/appointments?when=past')).json()) as Loose;
    expect(past.items.map((i: Loose) => i.id)).toEqual(['ap_past1', 'ap_past2']);
  });

  it('pages with a cursor of its own list only', async () => {
    const first = (await (await at('/calendars/cal_a/appointments?when=upcoming&limit=2')).json()) as Loose;
    expect(first.items.map((i: Loose) => i.id)).toEqual(['ap_soon', 'ap_mid']);
    const second = (await (await at(`/calendars/cal_a/appointments?when=upcoming&limit=2&cursor=${first.next_cursor}`)).json()) as Loose;
    expect(second).toMatchObject({ items: [{ id: 'ap_late' }], next_cursor: null });
    const wrong = await at(`/calendars/cal_a/appointments?when=past&cursor=${first.next_cursor}`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ msg: 'Invalid cursor' });
  });

  it('answers 4xx with a msg on bad input', async () => {
    expect((await at('/calendars/cal_x/appointments')).status).toBe(404);
    for (const query of ['when=later', 'limit=0', 'limit=abc', 'other=1']) {
      const res = await at(`/calendars/cal_a/appointments?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as Loose).msg, query).toBeTruthy();
    }
  });
});

describe('the seller cancels an appointment', () => {
  const cancel = (id: string, body: unknown) => admin('POST', `/appointments/${id}/cancel`, body);

  it('cancels with a reason, frees the slot, and refuses a second time', async () => {
    const res = await cancel('ap_soon', { reason: 'Seller is ill' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cancelled: true, id: 'ap_soon', status: 'cancelled' });
    const list = (await (await at('/calendars/cal_a/appointments')).json()) as Loose;
    expect(list.items.find((i: Loose) => i.id === 'ap_soon')).toMatchObject({ status: 'cancelled', rescheduleUrl: null });
    expect((await cancel('ap_soon', { reason: 'again' })).status).toBe(409);
  });

  it('needs a reason, an existing appointment and the token', async () => {
    expect((await cancel('ap_soon', {})).status).toBe(400);
    expect((await cancel('ap_soon', { reason: '   ' })).status).toBe(400);
    expect((await cancel('ap_none', { reason: 'x' })).status).toBe(404);
    expect((await admin('POST', '/appointments/ap_soon/cancel', { reason: 'x' }, {})).status).toBe(401);
  });
});

describe('the catalog', () => {
  it('lists locations, funnels with steps, pages with their state, calendars and webhooks without secrets', async () => {
    await put('/locations/loc_b', location('loc_b'));
    await put('/funnels/fn_a', funnel('fn_a', 'loc_b'));
    const res = await admin('GET', '/catalog');
    expect(res.status).toBe(200);
    const catalog = (await res.json()) as Loose;
    expect(catalog.locations.map((l: Loose) => l.id)).toEqual(expect.arrayContaining(['loc_a', 'loc_b']));
    expect(catalog.funnels).toEqual([
      expect.objectContaining({
        id: 'fn_a',
        locationId: 'loc_b',
        steps: [expect.objectContaining({ id: 'fn_a_s1', path: '/' }), expect.objectContaining({ id: 'fn_a_s2' })],
      }),
    ]);
    expect(catalog.calendars.map((k: Loose) => k.id)).toEqual(['cal_a', 'cal_b']);
    expect(JSON.stringify(catalog)).not.toContain('whsec_');
  });
});
