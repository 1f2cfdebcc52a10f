/**
 * Issue 32: an appointment id names a booking, its manage token lets the holder see and
 * change it; slot holds are for paid calendars, limited and released only by their holder;
 * the client address is the platform's CF-Connecting-IP only.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '../../src/platform/app';
import { MANAGE_REFUSED, manageToken } from '../../src/platform/services/appointment-access';
import { HOLD_MS, HOLD_NOT_EXTENDED, HOLD_NOT_PAID, HOLD_NOT_YOURS, TOO_MANY_HOLDS } from '../../src/platform/services/booking-holds';
import { CALL_LIMITS } from '../../src/platform/services/call-limits';
import { REPORT_LIMIT } from '../../src/platform/services/booking-errors';
import { book, seedBooking, slotAt } from './booking-fixtures';
import { API, get, type Loose, post } from './forms-fixtures';

beforeAll(seedBooking);

const msg = async (res: Response) => ((await res.json()) as { msg: string }).msg;
const json = async (res: Response) => (await res.json()) as Loose;

/** Books cal_a at `slot` and answers the booking (id, manage_token, contactId). */
async function booked(slot: string, email: string): Promise<Loose> {
  const res = await book('cal_a', slot, { email });
  expect(res.status).toBe(200);
  return json(res);
}

const row = (id: string) => env.DB.prepare('SELECT * FROM appointments WHERE id = ?').bind(id).first<Loose>();

describe('the manage token', () => {
  it('comes with the booking, and is the keyed hash of the id, not the id', async () => {
    const mine = await booked(slotAt(12, 9), 'token@example.com');
    expect(mine.manage_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mine.manage_token).toBe(await manageToken(env, mine.id));
    expect(mine.manage_token).not.toContain(mine.id);
  });

  it('lets a stranger with only the id read no contact, times or zone', async () => {
    const slot = slotAt(12, 10);
    const mine = await booked(slot, 'reader@example.com');
    const stranger = await json(await get(`/appointment/${mine.id}`));
    expect(stranger).toEqual({ _id: mine.id, id: mine.id, calendar_id: 'cal_a', event_address: 'https://meet.example.com/room' });
    // A token one character off (its last one changed: the real token ends in 'A' one time in 64, so 'B' then).
    const off = `${mine.manage_token.slice(0, 42)}${mine.manage_token.endsWith('A') ? 'B' : 'A'}`;
    expect(await json(await get(`/appointment/${mine.id}?token=${off}`))).toEqual(stranger);
    const holder = await json(await get(`/appointment/${mine.id}?token=${mine.manage_token}`));
    expect(holder).toMatchObject({ id: mine.id, contact_id: mine.contactId, start_time: slot, selected_timezone: 'America/New_York', status: 'booked' });
  });

  it('hides the event of the services call from a stranger', async () => {
    const mine = await booked(slotAt(12, 11), 'services@example.com');
    const path = `/appointment/services?calendar_slug=consult&calendar_provider_slug=dr-ann&event_id=${mine.id}`;
    expect((await json(await get(path))).calendarEvent).toEqual({
      _id: mine.id,
      id: mine.id,
      calendar_id: 'cal_a',
      event_address: 'https://meet.example.com/room',
    });
    expect((await json(await get(`${path}&token=${mine.manage_token}`))).calendarEvent).toMatchObject({ contact_id: mine.contactId, status: 'booked' });
  });

  it('is needed to reschedule: without it 403 and the appointment stays', async () => {
    const slot = slotAt(12, 12);
    const mine = await booked(slot, 'stay@example.com');
    const move = { event_id: mine.id, selected_slot: slotAt(12, 13), timezone: 'UTC', calendar_id: 'cal_a' };
    for (const token of [undefined, '', 'x'.repeat(43), await manageToken(env, 'apt_other')]) {
      const res = await post('/appointment', { ...move, ...(token === undefined ? {} : { token }) });
      expect(res.status).toBe(403);
      expect(await msg(res)).toBe(MANAGE_REFUSED);
    }
    expect((await row(mine.id))?.start_time).toBe(Date.parse(slot));
    expect((await post('/appointment', { ...move, token: mine.manage_token })).status).toBe(200);
    expect((await row(mine.id))?.start_time).toBe(Date.parse(slotAt(12, 13)));
  });

  it('is needed to cancel', async () => {
    const mine = await booked(slotAt(12, 14), 'keep@example.com');
    const refused = await post(`/appointment/${mine.id}/cancel`, { reason: 'Not yours' });
    expect(refused.status).toBe(403);
    expect(await msg(refused)).toBe(MANAGE_REFUSED);
    expect((await row(mine.id))?.status).toBe('booked');
    expect((await post(`/appointment/${mine.id}/cancel`, { reason: 'Mine', token: mine.manage_token })).status).toBe(200);
    expect((await row(mine.id))?.status).toBe('cancelled');
  });

  it('is needed to write the note, and a cancelled appointment keeps its note', async () => {
    const mine = await booked(slotAt(12, 15), 'noted@example.com');
    const refused = await post(`/appointment/${mine.id}/note`, { notes: 'Overwritten' });
    expect(refused.status).toBe(403);
    expect(await msg(refused)).toBe(MANAGE_REFUSED);
    expect((await post(`/appointment/${mine.id}/note`, { notes: 'Bring the X-rays', token: mine.manage_token })).status).toBe(200);
    await post(`/appointment/${mine.id}/cancel`, { reason: 'Ill', token: mine.manage_token });
    const late = await post(`/appointment/${mine.id}/note`, { notes: 'After the cancel', token: mine.manage_token });
    expect(late.status).toBe(409);
    expect(await msg(late)).toBe('This appointment is already cancelled.');
    expect((await row(mine.id))?.notes).toBe('Bring the X-rays');
  });

  it('works for an appointment booked before tokens: derived from the id, nothing stored', async () => {
    await env.DB.prepare(
      "INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, status, selected_timezone, created_at, updated_at) VALUES ('apt_legacy', 'cal_a', 'loc_w', 77, 78, 'booked', 'UTC', 0, 0)",
    ).run();
    const token = await manageToken(env, 'apt_legacy');
    expect((await post('/appointment/apt_legacy/note', { notes: 'Old booking' })).status).toBe(403);
    expect((await post('/appointment/apt_legacy/note', { notes: 'Old booking', token })).status).toBe(200);
  });

  it('is needed for the add-to-calendar links, which repeat the reschedule and cancel links', async () => {
    const mine = await booked(slotAt(12, 16), 'links@example.com');
    expect((await get(`/google/calendar/get-ics/${mine.id}`)).status).toBe(403);
    expect((await get(`/google/calendar/add-event/${mine.id}`)).status).toBe(403);
    expect((await get(`/google/calendar/get-ics/${mine.id}?token=${mine.manage_token}`)).status).toBe(200);
    const res = await SELF.fetch(`${API}/google/calendar/add-event/${mine.id}?token=${mine.manage_token}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const details = new URL(res.headers.get('location') ?? '').searchParams.get('details') ?? '';
    expect(details).toContain(`Reschedule: http://host.test/widget/booking/cal_a?event_id=${mine.id}&token=${mine.manage_token}`);
    expect(details).toContain(`Cancel: http://host.test/widget/cancel-booking?event_id=${mine.id}&token=${mine.manage_token}`);
  });
});

describe('a multipart reschedule', () => {
  it('needs the token and never moves the appointment to another contact', async () => {
    const mine = await booked(slotAt(13, 9), 'owner@example.com');
    const takeover = { event_id: mine.id, first_name: 'Mallory', email: 'mallory@example.com' };
    const refused = await book('cal_a', slotAt(13, 10), takeover);
    expect(refused.status).toBe(403);
    expect(await msg(refused)).toBe(MANAGE_REFUSED);
    const moved = await book('cal_a', slotAt(13, 10), { ...takeover, manage_token: mine.manage_token });
    expect(moved.status).toBe(200);
    expect((await json(moved)).contactId).toBe(mine.contactId);
    expect(await row(mine.id)).toMatchObject({ contact_id: mine.contactId, start_time: Date.parse(slotAt(13, 10)) });
    const mallory = await env.DB.prepare("SELECT COUNT(*) AS n FROM contacts WHERE email = 'mallory@example.com'").first<{ n: number }>();
    expect(mallory?.n).toBe(0);
  });
});

/** POST /appointment/hold from `ip`. */
const hold = (slot: string, ip: string, calendarId = 'cal_b') =>
  post('/appointment/hold', { calendar_id: calendarId, selected_slot: slot }, { 'cf-connecting-ip': ip });

describe('slot holds', () => {
  it('are refused on a free calendar, whose slots stay bookable', async () => {
    const slot = slotAt(14, 10);
    for (let i = 0; i < 6; i++) {
      const res = await hold(slot, `203.0.113.${i}`, 'cal_a');
      expect(res.status).toBe(400);
      expect(await msg(res)).toBe(HOLD_NOT_PAID);
    }
    expect((await book('cal_a', slot, { email: 'free@example.com' })).status).toBe(200);
  });

  it('are released only with the holder token', async () => {
    const slot = slotAt(14, 11);
    const held = await json(await hold(slot, '203.0.113.50'));
    expect(held.hold_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const body of [{}, { token: 'x'.repeat(43) }]) {
      const res = await post(`/appointment/hold/${held.hold_id}/release`, body);
      expect(res.status).toBe(403);
      expect(await msg(res)).toBe(HOLD_NOT_YOURS);
    }
    expect((await hold(slot, '203.0.113.51')).status).toBe(409);
    expect((await post(`/appointment/hold/${held.hold_id}/release`, { token: held.hold_token })).status).toBe(200);
    expect((await hold(slot, '203.0.113.52')).status).toBe(200);
  });

  it('are extended once by HOLD_MS, by the holder only (issue 31: the visitor is warned before the hold ends)', async () => {
    const held = await json(await hold(slotAt(14, 14), '203.0.113.60'));
    const extend = (body: Record<string, unknown>) => post(`/appointment/hold/${held.hold_id}/extend`, body);
    const stranger = await extend({ token: 'x'.repeat(43) });
    expect(stranger.status).toBe(403);
    expect(await msg(stranger)).toBe(HOLD_NOT_YOURS);
    const once = await extend({ token: held.hold_token });
    expect(once.status).toBe(200);
    expect((await json(once)).expires_at).toBe(held.expires_at + HOLD_MS);
    const twice = await extend({ token: held.hold_token });
    expect(twice.status).toBe(409);
    expect(await msg(twice)).toBe(HOLD_NOT_EXTENDED);
    // The slot stays held for the longer time: nobody else can take it.
    expect((await hold(slotAt(14, 14), '203.0.113.61')).status).toBe(409);
  });

  it('are limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await hold(slotAt(15, 9 + i), '203.0.113.77')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await hold(slotAt(15, 15), '203.0.113.77');
    expect(await msg(res)).toBe(TOO_MANY_HOLDS);
    expect((await hold(slotAt(15, 15), '203.0.113.78')).status).toBe(200);
  });

  it('are limited per calendar, whatever the addresses', async () => {
    const slot = slotAt(16, 10);
    const statuses: number[] = [];
    const { limit } = CALL_LIMITS.hold.perScope;
    for (let i = 0; i <= limit; i++) statuses.push((await hold(slot, `198.18.${i >> 8}.${i & 255}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('booking-error reports', () => {
  it('count per platform client address: X-Real-IP does not open a fresh limit', async () => {
    const report = async (i: number) => {
      const ctx = createExecutionContext();
      const res = await platformApi.fetch(
        new Request(`${API}/appointment/booking-error`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-real-ip': `10.0.0.${i}`, 'x-forwarded-for': `10.0.1.${i}` },
          body: JSON.stringify({ error: `failure ${i}`, formData: { calendar_id: 'cal_a' } }),
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i <= REPORT_LIMIT; i++) statuses.push(await report(i));
    expect(statuses.slice(0, REPORT_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[REPORT_LIMIT]).toBe(429);
  });
});
