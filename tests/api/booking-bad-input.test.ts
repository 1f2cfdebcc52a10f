/** Every widget call, fed malformed input: always a 4xx JSON answer with a msg, never a 5xx, nothing written. */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBooking } from './booking-fixtures';
import { API, count, multipart, seedSurvey } from './forms-fixtures';

beforeAll(async () => {
  await seedBooking();
  await seedSurvey({ id: 'srv_x', locationId: 'loc_w', name: 'S', formData: { slides: [{ id: 'a', slideData: [{ tag: 'q', type: 'text', required: true }] }] } });
});

const JSON_BODIES: [string, string][] = [
  ['null', 'null'],
  ['an array', '[1,2]'],
  ['a number', '42'],
  ['a string', '"x"'],
  ['broken JSON', '{"a":'],
  ['a prototype key', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
  ['nested junk', JSON.stringify({ reason: { $ne: 1 }, notes: [[]], locationId: { id: 'x' }, event_id: ['a'], error: null })],
  ['a huge string', JSON.stringify({ reason: 'x'.repeat(300_000) })],
];

const JSON_CALLS = ['/appointment', '/appointment/setup-intent', '/appointment/booking-error', '/appointment/apt_x/cancel', '/appointment/apt_x/note', '/appointment/hold'];
const FORM_CALLS = ['/form', '/survey', '/appointment'];
const FORM_BODIES: [string, unknown][] = [
  ['null', null],
  ['an array', [1]],
  ['ids with SQL', { formId: "1' OR '1'='1", calendar_id: "x'; DROP TABLE appointments;--" }],
  ['a path id', { formId: '../../etc/passwd', calendar_id: '..%2f..' }],
  ['wrong types', { formId: 5, calendar_id: true, selected_slot: [], selected_timezone: {} }],
  ['a survey answer of the wrong type', { formId: 'srv_x', q: { a: 1 } }],
];
const GETS = [
  '/form/%00',
  '/form/%E2%80%AE',
  `/form/${'a'.repeat(65)}`,
  '/survey/%2E%2E%2Fsecrets',
  '/appointment/%27',
  '/appointment/free-slots?calendar_id=cal_a&startDate=-1&endDate=1&timezone=UTC',
  '/appointment/free-slots?calendar_id[]=x',
  '/appointment/services?calendar_provider_id=%3Cscript%3E',
  '/appointment/widget_data?calendar=,,,',
  '/google/calendar/get-ics/%2e%2e',
];

/** Hold calls with a wrong id, slot or calendar. */
const HOLDS: [string, string, Record<string, unknown>][] = [
  ['an unknown calendar', '/appointment/hold', { calendar_id: 'cal_zz', selected_slot: '2030-01-01T10:00:00Z' }],
  ['a slot off the grid', '/appointment/hold', { calendar_id: 'cal_a', selected_slot: '2030-01-01T10:07:00Z' }],
  ['a past slot', '/appointment/hold', { calendar_id: 'cal_a', selected_slot: '2020-01-01T15:00:00Z' }],
  ['a setup intent for another location\'s calendar', '/appointment/setup-intent', { locationId: 'loc_w', calendar_id: 'cal_zz' }],
  ['an unsafe hold id', '/appointment/hold/..%2F..%2Fx/release', {}],
];

async function expectClientError(res: Response): Promise<void> {
  expect(res.status, `${res.status}`).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as { msg?: unknown };
  expect(typeof body.msg).toBe('string');
}

describe('malformed input', () => {
  it.each(HOLDS)('POST with %s', async (_name, path, body) => {
    const before = await count('slot_holds');
    await expectClientError(await SELF.fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(await count('slot_holds')).toBe(before);
  });

  it.each(JSON_CALLS.flatMap((path) => JSON_BODIES.map(([name, body]) => [path, name, body] as const)))('POST %s with %s', async (path, _name, body) => {
    const before = [await count('appointments'), await count('booking_errors'), await count('slot_holds')];
    await expectClientError(await SELF.fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect([await count('appointments'), await count('booking_errors'), await count('slot_holds')]).toEqual(before);
  });

  it.each(FORM_CALLS.flatMap((path) => FORM_BODIES.map(([name, body]) => [path, name, body] as const)))('POST %s multipart with %s', async (path, _name, body) => {
    const before = [await count('submissions'), await count('contacts')];
    await expectClientError(await SELF.fetch(`${API}${path}`, { method: 'POST', body: multipart(body) }));
    expect([await count('submissions'), await count('contacts')]).toEqual(before);
  });

  it.each(GETS)('GET %s', async (path) => {
    await expectClientError(await SELF.fetch(`${API}${path}`));
  });
});
