import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import { STRIPE_STAND_IN_HOST } from '../support/stripe-stand-in';
import { beforeAll, describe, expect, it } from 'vitest';
import { manageToken } from '../../src/platform/services/appointment-access';
import { book, seedBooking, slotAt } from './booking-fixtures';
import { API, count, get, type Loose, post } from './forms-fixtures';

beforeAll(seedBooking);

const msg = async (res: Response) => ((await res.json()) as { msg: string }).msg;
const booked = async (slot: string, email: string) => ((await (await book('cal_a', slot, { email })).json()) as Loose).id as string;
/** The manage token of an appointment, as its links carry it. */
const tokenOf = (id: string) => manageToken(env, id);
/** The appointment as its link holder reads it. */
const read = async (id: string) => (await (await get(`/appointment/${id}?token=${await tokenOf(id)}`)).json()) as Loose;

describe('POST /appointment (reschedule)', () => {
  it('moves the appointment and frees its old slot', async () => {
    const old = slotAt(8, 10);
    const id = await booked(old, 'move@example.com');
    const next = slotAt(8, 12);
    const res = await post('/appointment', { event_id: id, selected_slot: next, timezone: 'Asia/Calcutta', calendar_id: 'cal_a', token: await tokenOf(id) });
    expect(res.status).toBe(200);
    const event = await read(id);
    expect(Date.parse(event.start_time)).toBe(Date.parse(next));
    expect(event).toMatchObject({ selected_timezone: 'Asia/Kolkata', status: 'booked' });
    expect((await book('cal_a', old, { email: 'takes-old@example.com' })).status).toBe(200);
  });

  it('refuses a taken slot with 409 and leaves the appointment where it was', async () => {
    const mine = slotAt(8, 14);
    const id = await booked(mine, 'mine@example.com');
    const theirs = slotAt(8, 15);
    await booked(theirs, 'theirs@example.com');
    const res = await post('/appointment', {
      event_id: id,
      selected_slot: theirs,
      timezone: 'America/New_York',
      calendar_id: 'cal_a',
      token: await tokenOf(id),
    });
    expect(res.status).toBe(409);
    expect(await msg(res)).toBe('This slot is no longer available. Please choose another time.');
    expect((await read(id)).start_time).toBe(mine);
  });

  it('moves the appointment when the booking form is sent again with its event_id', async () => {
    const id = await booked(slotAt(8, 16), 'again@example.com');
    const next = slotAt(9, 16);
    const res = await book('cal_a', next, { email: 'again@example.com', event_id: id, manage_token: await tokenOf(id) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Loose).id).toBe(id);
    expect((await read(id)).start_time).toBe(next);
  });

  it.each([
    ['an unknown event', { event_id: 'apt_nope', selected_slot: slotAt(8, 9), timezone: 'UTC', calendar_id: 'cal_a' }, 404, 'No calendar event found'],
    [
      'a missing slot',
      { event_id: 'apt_nope', timezone: 'UTC', calendar_id: 'cal_a' },
      400,
      'selected_slot: Invalid key: Expected "selected_slot" but received undefined',
    ],
    [
      'a slot without offset',
      { event_id: 'apt_x', selected_slot: '2030-01-01T10:00:00', timezone: 'UTC', calendar_id: 'cal_a' },
      400,
      'selected_slot: must be an ISO timestamp with offset',
    ],
    [
      'a wrong type',
      { event_id: 5, selected_slot: slotAt(8, 9), timezone: 'UTC', calendar_id: 'cal_a' },
      400,
      'event_id: Invalid type: Expected string but received 5',
    ],
  ])('answers 4xx for %s', async (_name, body, status, text) => {
    const res = await post('/appointment', { ...body, token: await tokenOf(String(body.event_id)) });
    expect(res.status).toBe(status);
    expect(await msg(res)).toBe(text);
  });
});

describe('POST /appointment/{id}/cancel', () => {
  it('requires a reason', async () => {
    const id = await booked(slotAt(10, 10), 'reason@example.com');
    for (const body of [{}, { reason: '   ' }, { reason: 5 }]) {
      const res = await post(`/appointment/${id}/cancel`, { ...body, token: await tokenOf(id) });
      expect(res.status).toBe(400);
    }
    expect((await read(id)).status).toBe('booked');
  });

  it('cancels with the reason and frees the slot for another booking', async () => {
    const slot = slotAt(10, 11);
    const id = await booked(slot, 'cancel@example.com');
    const res = await post(`/appointment/${id}/cancel`, { reason: 'Something came up', token: await tokenOf(id) });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, cancel_reason FROM appointments WHERE id = ?').bind(id).first<Loose>();
    expect(row).toEqual({ status: 'cancelled', cancel_reason: 'Something came up' });
    expect((await book('cal_a', slot, { email: 'next@example.com' })).status).toBe(200);
    expect((await post(`/appointment/${id}/cancel`, { reason: 'again', token: await tokenOf(id) })).status).toBe(409);
  });

  it('answers 404 for an unknown appointment and 400 for an unsafe id', async () => {
    expect((await post('/appointment/apt_nope/cancel', { reason: 'x', token: await tokenOf('apt_nope') })).status).toBe(404);
    expect((await post("/appointment/x'%3BDROP%20TABLE%20appointments/cancel", { reason: 'x' })).status).toBe(400);
    expect(await count('appointments')).toBeGreaterThan(0);
  });
});

describe('POST /appointment/{appointmentId}/note', () => {
  it('stores the note', async () => {
    const id = await booked(slotAt(10, 13), 'note@example.com');
    expect((await post(`/appointment/${id}/note`, { notes: 'Bring the X-rays', token: await tokenOf(id) })).status).toBe(200);
    const row = await env.DB.prepare('SELECT notes FROM appointments WHERE id = ?').bind(id).first<Loose>();
    expect(row?.notes).toBe('Bring the X-rays');
  });

  it.each([
    ['empty notes', { notes: '' }, 14],
    ['no body', undefined, 15],
  ])('answers 400 for %s', async (_name, body, hour) => {
    const id = await booked(slotAt(10, hour), `note${hour}@example.com`);
    expect((await post(`/appointment/${id}/note`, body && { ...body, token: await tokenOf(id) })).status).toBe(400);
  });

  it('answers 404 for an unknown appointment', async () => {
    const res = await post('/appointment/apt_nope/note', { notes: 'x', token: await tokenOf('apt_nope') });
    expect(res.status).toBe(404);
    expect(await msg(res)).toBe('No calendar event found');
  });
});

describe('GET /appointment/{id}', () => {
  it.each([
    ['apt_nope', 404, 'No calendar event found'],
    ['..%2F..%2Fsecrets', 400, 'id: must be 1-64 letters, digits, _ or -'],
  ])('answers %s with %i', async (id, status, text) => {
    const res = await get(`/appointment/${id}`);
    expect(res.status).toBe(status);
    expect(await msg(res)).toBe(text);
  });
});

describe('the slot index', () => {
  it('refuses a second live appointment at the same start, whatever the code path', async () => {
    const insert = (id: string, status: string) =>
      env.DB.prepare(
        "INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, status, selected_timezone, created_at, updated_at) VALUES (?, 'cal_a', 'loc_w', 42, 43, ?, 'UTC', 0, 0)",
      )
        .bind(id, status)
        .run();
    await insert('apt_idx1', 'cancelled');
    await insert('apt_idx2', 'booked');
    await expect(insert('apt_idx3', 'booked')).rejects.toThrow(/UNIQUE/);
  });
});

describe('add to calendar', () => {
  it('downloads an .ics file of the appointment', async () => {
    const slot = slotAt(11, 10);
    const id = await booked(slot, 'ics@example.com');
    const res = await get(`/google/calendar/get-ics/${id}?token=${await tokenOf(id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="appointment-${id}.ics"`);
    const text = await res.text();
    const stamp = new Date(Date.parse(slot)).toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`DTSTART:${stamp}\r\n`);
    expect(text).toContain('SUMMARY:Consultation\r\n');
    expect(text).toContain('LOCATION:https://meet.example.com/room\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('redirects to a Google Calendar template with the dates', async () => {
    const slot = slotAt(11, 11);
    const id = await booked(slot, 'google@example.com');
    const res = await SELF.fetch(`${API}/google/calendar/add-event/${id}?token=${await tokenOf(id)}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Consultation');
    const [start, end] = (url.searchParams.get('dates') ?? '').split('/');
    expect(end && start && end > start).toBe(true);
  });

  it('answers 404 for an unknown appointment', async () => {
    const token = await tokenOf('apt_nope');
    expect((await get(`/google/calendar/get-ics/apt_nope?token=${token}`)).status).toBe(404);
    expect((await get(`/google/calendar/add-event/apt_nope?token=${token}`)).status).toBe(404);
  });
});

describe('POST /appointment/setup-intent', () => {
  it('answers 503 while card payments are not configured', async () => {
    const res = await post('/appointment/setup-intent', { locationId: 'loc_w' });
    expect(res.status).toBe(503);
    expect(await msg(res)).toBe('Card payments are not configured for this seller.');
  });

  it('answers the client secret of a new SetupIntent from the card provider', async () => {
    const ctx = createExecutionContext();
    const request = new Request(`${API}/appointment/setup-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"locationId":"loc_w"}',
    });
    const res = await platformApi.fetch(request, { ...env, STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_HOST: STRIPE_STAND_IN_HOST }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(Object.keys(body)).toEqual(['client_secret']);
    expect(body.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
  });

  it.each([
    ['no body', undefined, 400],
    ['an unknown location', { locationId: 'loc_nope' }, 404],
    ['a wrong type', { locationId: ['loc_w'] }, 400],
  ])('answers 4xx for %s', async (_name, body, status) => {
    expect((await post('/appointment/setup-intent', body as Loose | undefined)).status).toBe(status);
  });
});

describe('POST /appointment/booking-error', () => {
  it('stores the report', async () => {
    const before = await count('booking_errors');
    const res = await post('/appointment/booking-error', {
      formData: { calendar_id: 'cal_a' },
      eventId: 'apt_1',
      error: 'TypeError: x',
      isUserSessionLoad: true,
      logs: ['a'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await count('booking_errors')).toBe(before + 1);
  });

  it.each([
    ['no body', undefined],
    ['no error', { formData: {} }],
    ['a wrong flag type', { error: 'x', isUserSessionLoad: 'yes' }],
  ])('answers 400 for %s and stores nothing', async (_name, body) => {
    const before = await count('booking_errors');
    expect((await post('/appointment/booking-error', body as Loose | undefined)).status).toBe(400);
    expect(await count('booking_errors')).toBe(before);
  });
});
