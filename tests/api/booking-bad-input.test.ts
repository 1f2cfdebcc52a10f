/** Every widget call, fed malformed input: always a 4xx JSON answer with a msg, never a 5xx, nothing written. */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_TOKEN_FIELD, MIN_FILL_MS } from '../../src/lib/spam-defence';
import { issueFormToken } from '../../src/platform/services/form-token';
import { seedBooking } from './booking-fixtures';
import { API, count, multipart, seedSurvey } from './forms-fixtures';

beforeAll(async () => {
  await seedBooking();
  await seedSurvey({
    id: 'srv_x',
    locationId: 'loc_w',
    name: 'S',
    formData: { slides: [{ id: 'a', slideData: [{ tag: 'q', type: 'text', required: true }] }] },
  });
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

const missing = (field: string) => `${field}: Invalid key: Expected "${field}" but received undefined`;
const unsafeId = (field: string) => `${field}: must be 1-64 letters, digits, _ or -`;
const notAnObject = (received: string) => `Invalid type: Expected Object but received ${received}`;
const TOO_BIG = 'Request body is larger than 262144 bytes';

/** Each JSON call: the field its schema checks first, and its msg for the nested junk body. */
const JSON_CALLS: Record<string, { first: string; junk: string; tooBig?: string }> = {
  '/appointment': { first: 'event_id', junk: 'event_id: Invalid type: Expected string but received Array' },
  '/appointment/setup-intent': { first: 'locationId', junk: 'locationId: Invalid type: Expected string but received Object' },
  // An unauthenticated report: its body is capped lower than the other calls' (24 KB).
  '/appointment/booking-error': { first: 'error', junk: 'error is required', tooBig: 'Request body is larger than 24576 bytes' },
  '/appointment/apt_x/cancel': { first: 'reason', junk: 'reason is required' },
  '/appointment/apt_x/note': { first: 'notes', junk: 'notes is required' },
  '/appointment/hold': { first: 'calendar_id', junk: missing('calendar_id') },
};

function jsonMsg(path: string, body: string): string {
  const call = JSON_CALLS[path]!;
  const byBody: Record<string, string> = {
    null: notAnObject('null'),
    'an array': missing(call.first),
    'a number': notAnObject('42'),
    'a string': notAnObject('"x"'),
    'broken JSON': 'Request body is not valid JSON',
    'a prototype key': missing(call.first),
    'nested junk': call.junk,
    'a huge string': call.tooBig ?? TOO_BIG,
  };
  return byBody[body] ?? '';
}

// Past the spam defence, so the survey's answer check is what refuses it.
const surveyToken = await issueFormToken(env, 'survey', 'srv_x', Date.now() - MIN_FILL_MS - 1000);
const FORM_BODIES: [string, unknown][] = [
  ['null', null],
  ['an array', [1]],
  ['ids with SQL', { formId: "1' OR '1'='1", calendar_id: "x'; DROP TABLE appointments;--" }],
  ['a path id', { formId: '../../etc/passwd', calendar_id: '..%2f..' }],
  ['wrong types', { formId: 5, calendar_id: true, selected_slot: [], selected_timezone: {} }],
  ['a survey answer of the wrong type', { formId: 'srv_x', q: { a: 1 }, [FORM_TOKEN_FIELD]: surveyToken }],
];
/** What each multipart call answers to each body of FORM_BODIES, in order. */
const FORM_CALLS: Record<string, string[]> = {
  '/form': [
    notAnObject('null'),
    missing('formId'),
    unsafeId('formId'),
    unsafeId('formId'),
    'formId: Invalid type: Expected string but received 5',
    'Unable to find form',
  ],
  '/survey': [
    notAnObject('null'),
    missing('formId'),
    unsafeId('formId'),
    unsafeId('formId'),
    'formId: Invalid type: Expected string but received 5',
    'Please enter text.',
  ],
  // A booking checks its form's id before its calendar's.
  '/appointment': [
    notAnObject('null'),
    missing('calendar_id'),
    unsafeId('formId'),
    unsafeId('formId'),
    'formId: Invalid type: Expected ("" | string) but received 5',
    missing('calendar_id'),
  ],
};
const GETS: [string, string][] = [
  ['/form/%00', unsafeId('form_id')],
  ['/form/%E2%80%AE', unsafeId('form_id')],
  [`/form/${'a'.repeat(65)}`, unsafeId('form_id')],
  ['/survey/%2E%2E%2Fsecrets', unsafeId('id')],
  ['/appointment/%27', unsafeId('id')],
  ['/appointment/free-slots?calendar_id=cal_a&startDate=-1&endDate=1&timezone=UTC', 'startDate: must be a timestamp in milliseconds'],
  ['/appointment/free-slots?calendar_id[]=x', missing('calendar_id')],
  ['/appointment/services?calendar_provider_id=%3Cscript%3E', unsafeId('calendar_provider_id')],
  ['/appointment/widget_data?calendar=,,,', 'Calendar Id not found'],
  // The URL resolves to /api/google/calendar/, which no call answers.
  ['/google/calendar/get-ics/%2e%2e', 'Not found'],
];

const SLOT_TAKEN = 'This slot is no longer available. Please choose another time.';
/** Hold calls with a wrong id, slot or calendar. */
const HOLDS: [string, string, Record<string, unknown>, string][] = [
  ['an unknown calendar', '/appointment/hold', { calendar_id: 'cal_zz', selected_slot: '2030-01-01T10:00:00Z' }, 'Unable to find calendar'],
  ['a slot off the grid', '/appointment/hold', { calendar_id: 'cal_b', selected_slot: '2030-01-01T10:07:00Z' }, SLOT_TAKEN],
  ['a past slot', '/appointment/hold', { calendar_id: 'cal_b', selected_slot: '2020-01-01T15:00:00Z' }, SLOT_TAKEN],
  ["a setup intent for another location's calendar", '/appointment/setup-intent', { locationId: 'loc_w', calendar_id: 'cal_zz' }, 'Unable to find calendar'],
  ['an unsafe hold id', '/appointment/hold/..%2F..%2Fx/release', {}, unsafeId('holdId')],
];

async function expectClientError(res: Response, msg: string): Promise<void> {
  expect(res.status, `${res.status}`).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as { msg?: unknown };
  expect(body.msg).toBe(msg);
}

describe('malformed input', () => {
  it.each(HOLDS)('POST with %s', async (_name, path, body, msg) => {
    const before = await count('slot_holds');
    await expectClientError(
      await SELF.fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      msg,
    );
    expect(await count('slot_holds')).toBe(before);
  });

  it.each(Object.keys(JSON_CALLS).flatMap((path) => JSON_BODIES.map(([name, body]) => [path, name, body] as const)))(
    'POST %s with %s',
    async (path, name, body) => {
      const before = [await count('appointments'), await count('booking_errors'), await count('slot_holds')];
      await expectClientError(
        await SELF.fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
        jsonMsg(path, name),
      );
      expect([await count('appointments'), await count('booking_errors'), await count('slot_holds')]).toEqual(before);
    },
  );

  it.each(Object.entries(FORM_CALLS).flatMap(([path, msgs]) => FORM_BODIES.map(([name, body], i) => [path, name, body, msgs[i]!] as const)))(
    'POST %s multipart with %s',
    async (path, _name, body, msg) => {
      const before = [await count('submissions'), await count('contacts')];
      await expectClientError(await SELF.fetch(`${API}${path}`, { method: 'POST', body: multipart(body) }), msg);
      expect([await count('submissions'), await count('contacts')]).toEqual(before);
    },
  );

  it.each(GETS)('GET %s', async (path, msg) => {
    await expectClientError(await SELF.fetch(`${API}${path}`), msg);
  });
});
