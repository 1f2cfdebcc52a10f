import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, CONTACT, seedBooking, slotAt } from './booking-fixtures';
import { issueFormToken } from '../../src/platform/services/form-token';
import { count, get, type Loose, multipart, PNG, post } from './forms-fixtures';

beforeAll(seedBooking);

const msg = async (res: Response) => ((await res.json()) as { msg: string }).msg;

describe('GET /appointment/widget_data', () => {
  it('answers each calendar with its form, zone and the location contact details', async () => {
    const res = await get('/appointment/widget_data?calendar=cal_a,cal_b,cal_zzz');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(Object.keys(body).sort()).toEqual(['cal_a', 'cal_b']);
    expect(body.cal_a).toMatchObject({ timezone: 'America/New_York', email: 'hello@widget.test', phone: '+12025550100', country: 'US' });
    expect(body.cal_a.calendar).toMatchObject({ id: 'cal_a', slot_duration: 60, event_color: '#8E24AA' });
    expect(body.cal_a.calendarProvider).toMatchObject({ id: 'prov_1', startDayOfWeek: 1, use24hFormat: false });
    expect(body.cal_a.calendar.form.fields.map((f: Loose) => f.tag)).toEqual(['first_name', 'last_name', 'phone', 'email', 'submit']);
    expect(body.cal_b.calendar.form.fields.map((f: Loose) => f.type)).toEqual(['text', 'text', 'text', 'email', 'payment', 'submit']);
    expect(body.cal_b.calendar.stripe).toEqual({ amount: 50, currency: 'USD', charge_description: 'Session', publishable_key: 'pk_test_123' });
    expect(JSON.stringify(body)).not.toMatch(/sk_(test|live)/);
  });

  it('says Calendar Id not found without a calendar id', async () => {
    const res = await get('/appointment/widget_data');
    expect(res.status).toBe(404);
    expect(await msg(res)).toBe('Calendar Id not found');
  });

  it('refuses unsafe ids', async () => {
    const res = await get("/appointment/widget_data?calendar=cal_a,..%2F..%2Fx'%3B--");
    expect(res.status).toBe(400);
  });
});

describe('GET /appointment/services', () => {
  it("lists a provider's services newest first by provider slug", async () => {
    const res = await get('/appointment/services?calendar_provider_slug=dr-ann');
    const body = (await res.json()) as Loose;
    expect(body.services.map((s: Loose) => s.id)).toEqual(['cal_b', 'cal_c', 'cal_a']);
    expect(body.calendarProvider).toMatchObject({ id: 'prov_1', name: 'Dr Ann', startDayOfWeek: 1 });
    expect(body.calendarEvent).toBeNull();
  });

  it('answers one service by provider id and calendar id', async () => {
    const body = (await (await get('/appointment/services?calendar_provider_id=prov_1&calendar_id=cal_a')).json()) as Loose;
    expect(body.services.map((s: Loose) => s.id)).toEqual(['cal_a']);
  });

  it('answers the service and the event by slugs and event id', async () => {
    const slot = slotAt(9, 11);
    const booked = (await (await book('cal_a', slot, { email: 'slugs@example.com' })).json()) as Loose;
    const res = await get(`/appointment/services?calendar_slug=consult&calendar_provider_slug=dr-ann&event_id=${booked.id}&token=${booked.manage_token}`);
    const body = (await res.json()) as Loose;
    expect(body.services.map((s: Loose) => s.slug)).toEqual(['consult']);
    expect(body.calendarEvent).toMatchObject({ id: booked.id, start_time: slot, status: 'booked' });
  });

  it.each([
    ['', 400, 'calendar_provider_id, calendar_provider_slug or calendar_slug is required'],
    ['?calendar_provider_slug=nobody', 404, 'Unable to find calendar'],
    ['?calendar_provider_slug=dr-ann&calendar_slug=nope', 404, 'Unable to find calendar'],
    ["?calendar_provider_slug=dr'%20OR%201=1", 400, 'calendar_provider_slug: must be a URL slug'],
  ])('answers 4xx for %s', async (query, status, text) => {
    const res = await get(`/appointment/services${query}`);
    expect(res.status).toBe(status);
    expect(await msg(res)).toBe(text);
  });
});

describe('GET /appointment/free-slots', () => {
  const range = () => {
    const from = Date.parse(slotAt(3, 0));
    return `startDate=${from}&endDate=${from + 2 * 86_400_000}`;
  };

  it('answers slots keyed by date in the requested zone, old zone names included', async () => {
    const res = await get(`/appointment/free-slots?calendar_id=cal_a&${range()}&timezone=Asia/Calcutta`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, { slots: string[] }>;
    const all = Object.values(body).flatMap((d) => d.slots);
    expect(all.length).toBeGreaterThan(8);
    for (const [date, day] of Object.entries(body)) for (const slot of day.slots) expect(slot.startsWith(date) && slot.endsWith('+05:30')).toBe(true);
  });

  it('removes a booked slot', async () => {
    const slot = slotAt(3, 14);
    const listed = async () => {
      const body = (await (await get(`/appointment/free-slots?calendar_id=cal_a&${range()}&timezone=America/New_York`)).json()) as Record<
        string,
        { slots: string[] }
      >;
      return Object.values(body).flatMap((d) => d.slots);
    };
    expect(await listed()).toContain(slot);
    expect((await book('cal_a', slot, { email: 'removed@example.com' })).status).toBe(200);
    expect(await listed()).not.toContain(slot);
  });

  it.each([
    ['no query', '', 'calendar_id: Invalid key: Expected "calendar_id" but received undefined'],
    ['a bad zone', 'calendar_id=cal_a&startDate=1&endDate=2&timezone=Mars/Base', 'timezone: must be an IANA time zone'],
    ['an end before the start', 'calendar_id=cal_a&startDate=5000&endDate=10&timezone=UTC', 'endDate must not be before startDate'],
    ['a range over 62 days', `calendar_id=cal_a&startDate=0&endDate=${63 * 86_400_000}&timezone=UTC`, 'the range must not exceed 62 days'],
    ['a non-numeric date', 'calendar_id=cal_a&startDate=abc&endDate=10&timezone=UTC', 'startDate: must be a timestamp in milliseconds'],
    ['dates at the end of time', 'calendar_id=cal_a&startDate=999999999999999&endDate=999999999999999&timezone=UTC', 'startDate: must be before the year 2200'],
  ])('answers 400 for %s', async (_name, query, text) => {
    const res = await get(`/appointment/free-slots?${query}`);
    expect(res.status).toBe(400);
    expect(await msg(res)).toBe(text);
  });

  it('answers 404 for an unknown calendar', async () => {
    expect((await get('/appointment/free-slots?calendar_id=cal_nope&startDate=1&endDate=2&timezone=UTC')).status).toBe(404);
  });
});

describe('POST /appointment (booking)', () => {
  it('books the slot, upserts the contact and answers the appointment', async () => {
    const slot = slotAt(4, 10);
    const res = await book('cal_a', slot);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body).toMatchObject({
      id: body.appointment.id,
      event_address: 'https://meet.example.com/room',
      calendarThankYouUrl: 'https://example.com/thanks',
      appointment: { _id: body.appointment.id, start_time: slot, status: 'booked', selected_timezone: 'America/New_York' },
    });
    expect(body.appointment.fingerprint).toBeTruthy();
    expect(Date.parse(body.appointment.end_time) - Date.parse(slot)).toBe(3_600_000);
    const contact = await env.DB.prepare('SELECT * FROM contacts WHERE id = ?').bind(body.contactId).first<Loose>();
    expect(contact).toMatchObject({ email: CONTACT.email, first_name: 'Ann', phone: '+12025550123', timezone: 'America/New_York' });
    const event = (await (await get(`/appointment/${body.id}?token=${body.manage_token}`)).json()) as Loose;
    expect(event).toMatchObject({ _id: body.id, start_time: slot, calendar_id: 'cal_a', status: 'booked' });
  });

  it('lets exactly one of two simultaneous bookings of a slot through', async () => {
    const slot = slotAt(5, 13);
    const [a, b] = await Promise.all([book('cal_a', slot, { email: 'one@example.com' }), book('cal_a', slot, { email: 'two@example.com' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await msg(loser)).toBe('This slot is no longer available. Please choose another time.');
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE calendar_id = ? AND start_time = ?')
      .bind('cal_a', Date.parse(slot))
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it.each([
    ['a past slot', () => slotAt(-1, 10)],
    ['a start off the slot grid', () => slotAt(4, 10).replace(':00:00', ':10:00')],
    ['a slot outside open hours', () => slotAt(4, 20)],
    ['a slot beyond the booking window', () => slotAt(70, 10)],
  ])('refuses %s with 409 and writes nothing', async (_name, slot) => {
    const before = await count('appointments');
    const res = await book('cal_a', slot());
    expect(res.status).toBe(409);
    expect(await count('appointments')).toBe(before);
  });

  it('answers 422 for invalid answers of the standard form and writes nothing', async () => {
    const before = [await count('appointments'), await count('contacts'), await count('submissions')];
    const res = await book('cal_a', slotAt(6, 10), { first_name: '', email: 'bad', phone: '12' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Loose;
    expect(body.errors.map((e: Loose) => e.field).sort()).toEqual(['email', 'first_name', 'phone']);
    expect([await count('appointments'), await count('contacts'), await count('submissions')]).toEqual(before);
  });

  it("uses the calendar's own form: notes kept, files checked and stored", async () => {
    const slot = slotAt(4, 9, 'Asia/Kolkata');
    const fake = await post(
      '/appointment',
      multipart(
        { calendar_id: 'cal_c', selected_slot: slot, selected_timezone: 'Asia/Kolkata', email: 'c@example.com' },
        { photo: [new File(['GIF89a'], 'me.png')] },
      ),
    );
    expect(fake.status).toBe(422);
    const res = await post(
      '/appointment',
      multipart(
        { calendar_id: 'cal_c', selected_slot: slot, selected_timezone: 'Asia/Kolkata', email: 'c@example.com', calendar_notes: 'Ring twice' },
        { photo: [new File([PNG], 'me.png')] },
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body.appointment.start_time).toMatch(/\+05:30$/);
    const row = await env.DB.prepare('SELECT notes, submission_id FROM appointments WHERE id = ?').bind(body.id).first<Loose>();
    expect(row?.notes).toBe('Ring twice');
    const upload = await env.DB.prepare('SELECT object_key FROM uploads WHERE owner_id = ?').bind(row?.submission_id).first<Loose>();
    expect(await env.UPLOADS.head(upload?.object_key)).not.toBeNull();
  });

  it('requires a card setup for a paid calendar, and books nothing it cannot verify', async () => {
    const slot = slotAt(4, 15);
    const before = await count('appointments');
    const without = await book('cal_b', slot);
    expect(without.status).toBe(400);
    const badShape = await book('cal_b', slot, { stripePaymentResult: { paymentMethodId: 42 } });
    expect(badShape.status).toBe(400);
    // Cards are not configured in this worker: nothing can verify the made-up result.
    const madeUp = await book('cal_b', slot, { stripePaymentResult: { paymentMethodId: 'pm_123', client_secret: 'seti_123_secret_abc' } });
    expect(madeUp.status).toBe(503);
    expect(await count('appointments')).toBe(before);
  });

  it.each([
    // Without a multipart body the call is a reschedule, which names its event first.
    ['no body', undefined, 400, 'event_id: Invalid key: Expected "event_id" but received undefined'],
    ['invalid JSON', '{"event_id":', 400, 'Request body is not valid JSON'],
    ['formData that is not JSON', multipart('nope'), 400, 'formData: not valid JSON'],
    [
      'no calendar',
      multipart({ selected_slot: slotAt(4, 10), selected_timezone: 'UTC' }),
      400,
      'calendar_id: Invalid key: Expected "calendar_id" but received undefined',
    ],
    [
      'a slot of the wrong type',
      multipart({ calendar_id: 'cal_a', selected_slot: { at: 1 }, selected_timezone: 'UTC' }),
      400,
      'selected_slot: must be an ISO timestamp',
    ],
    [
      'a bad zone',
      multipart({ calendar_id: 'cal_a', selected_slot: slotAt(4, 10), selected_timezone: 'Nowhere/City' }),
      400,
      'selected_timezone: must be an IANA time zone',
    ],
    [
      'the last instant Temporal knows',
      multipart({ calendar_id: 'cal_a', selected_slot: '+275760-09-13T00:00:00Z', selected_timezone: 'UTC' }),
      400,
      'selected_slot: must be an ISO timestamp with offset',
    ],
    [
      'a negative timestamp',
      multipart({ calendar_id: 'cal_a', selected_slot: -5, selected_timezone: 'UTC' }),
      400,
      'selected_slot: must be an ISO timestamp with offset',
    ],
    [
      'an unsafe calendar id',
      multipart({ calendar_id: '../cal_a', selected_slot: slotAt(4, 10), selected_timezone: 'UTC' }),
      400,
      'calendar_id: must be 1-64 letters, digits, _ or -',
    ],
    ['an unknown calendar', multipart({ calendar_id: 'cal_zz', selected_slot: slotAt(4, 10), selected_timezone: 'UTC' }), 404, 'Unable to find calendar'],
  ])('answers 4xx JSON for %s and writes nothing', async (_name, body, status, text) => {
    const before = await count('appointments');
    const res = await post('/appointment', body as BodyInit | undefined);
    expect(res.status).toBe(status);
    expect(await msg(res)).toBe(text);
    expect(await count('appointments')).toBe(before);
  });
});

describe('the spam defence of a booking', () => {
  const booked = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE calendar_id = 'cal_a'").first<{ n: number }>())?.n ?? 0;
  const expired = 'The form has expired. Please reload the page and try again.';

  it('issues a token for a calendar that exists', async () => {
    const res = await get('/widget-token?kind=calendar&id=cal_a');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Loose).token).toMatch(/^[1-9]\d*\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    const missing = await get('/widget-token?kind=calendar&id=cal_zzz');
    expect(missing.status).toBe(404);
    expect(await msg(missing)).toBe('Unable to find calendar');
  });

  it.each<[string, Record<string, string>, string, string]>([
    ['a filled honeypot', { hp_website: 'https://spam.example' }, 'honeypot', 'The submission was refused as spam.'],
    ['a garbage token', { formToken: 'garbage' }, 'token_invalid', expired],
    ['no token', { formToken: '' }, 'token_missing', expired],
    ['a token of a form', { formToken: 'FORM' }, 'token_invalid', expired],
  ])('refuses %s four times in a row with 403 and books nothing', async (_what, extra, reason, text) => {
    const before = [await booked(), await count('contacts'), await count('submissions')];
    for (let i = 0; i < 4; i++) {
      const formToken = extra.formToken === 'FORM' ? await issueFormToken(env, 'form', 'cal_a', Date.now() - 10_000) : extra.formToken;
      const res = await book('cal_a', slotAt(8, 9 + i), { ...extra, ...(formToken === undefined ? {} : { formToken }) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ reason, msg: text });
    }
    expect([await booked(), await count('contacts'), await count('submissions')]).toEqual(before);
  });

  it('books once with one token: the same token with another key books nothing more', async () => {
    const formToken = await issueFormToken(env, 'calendar', 'cal_a', Date.now() - 10_000);
    const first = await book('cal_a', slotAt(9, 9), { formToken, idempotencyKey: 'bk000000-1111-4222-8333-444455556666' });
    expect(first.status).toBe(200);
    const before = await booked();
    for (let i = 0; i < 3; i++) {
      const again = await book('cal_a', slotAt(9, 10 + i), { formToken, idempotencyKey: `bk00000${i + 1}-1111-4222-8333-444455556666` });
      expect(again.status).toBe(403);
      expect(((await again.json()) as Loose).reason).toBe('token_used');
    }
    expect(await booked()).toBe(before);
  });

  it('limits one IP to 20 bookings of a calendar in 10 minutes (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await book('cal_a', slotAt(10 + Math.floor(i / 8), 9 + (i % 8)), { email: `rl${i}@example.com` }, {}, { 'cf-connecting-ip': '203.0.113.50' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
