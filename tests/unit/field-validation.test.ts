import { describe, expect, it } from 'vitest';
import { type FieldContext, validateFields } from '../../src/lib/validation/fields';
import { asPhone } from '../../src/lib/validation/phone';
import { surveyPath } from '../../src/lib/validation/survey-path';
import { verifyTurnstile } from '../../src/platform/services/captcha';
import { googleCalendarUrl, icsCalendar } from '../../src/platform/services/calendar-links';
import { formBody } from '../../src/schemas/form';
import { surveyFormData } from '../../src/schemas/survey';
import * as v from 'valibot';

const ctx = (over: Partial<FieldContext> = {}): FieldContext => ({
  mode: 'form',
  country: 'US',
  today: '2026-03-02',
  files: () => [],
  captcha: 'unchecked',
  phone: asPhone,
  ...over,
});
const fields = (list: Record<string, unknown>[]) => v.parse(formBody, { fields: list }).fields;

describe('field rules', () => {
  it('has the seed’s generic checks (requirements OPTIN-RULES-8): location, the password letter, email or phone', () => {
    const list = fields([
      { tag: 'location', label: 'Meeting place', required: true },
      { tag: 'password', label: 'Password' },
      { tag: 'email_or_phone', label: 'Email or phone' },
    ]);
    const wrong = validateFields(list, { password: '12345678', email_or_phone: 'not a contact' }, ctx());
    expect(wrong.errors.map(({ field, msg }: { field: string; msg: string }) => ({ field, msg }))).toEqual([
      { field: 'location', msg: 'Location is required.' },
      { field: 'password', msg: 'The password must contain atleast 1 alphabet.' },
      { field: 'email_or_phone', msg: 'Invalid email address/phone number' },
    ]);
    const email = validateFields(list, { location: 'Room 4', password: 'pässwort1', email_or_phone: 'Me@Example.com' }, ctx());
    expect(email.errors).toEqual([]);
    expect(email.values.email_or_phone).toBe('me@example.com');
    const phone = validateFields(list, { location: 'Room 4', email_or_phone: '+1 202 456 1111' }, ctx());
    expect(phone.errors).toEqual([]);
    expect(phone.values.email_or_phone).toBe('+12024561111');
  });

  it('words a required field by its label, or generically without one', () => {
    const out = validateFields(
      fields([
        { tag: 'a', label: 'Company Name', required: true },
        { tag: 'b', required: true },
      ]),
      {},
      ctx(),
    );
    expect(out.errors.map(({ field, msg }: { field: string; msg: string }) => ({ field, msg }))).toEqual([
      { field: 'a', msg: 'Please fill in company name.' },
      { field: 'b', msg: 'This field is required.' },
    ]);
    const survey = validateFields(fields([{ tag: 'a', label: 'Age', type: 'number', required: true }]), { a: ' ' }, ctx({ mode: 'survey' }));
    expect(survey.errors).toMatchObject([{ field: 'a', msg: 'This question is required.' }]);
    const two = validateFields(
      fields([
        { tag: 'a', label: 'Age', type: 'number', required: true },
        { tag: 'b', type: 'email', required: true },
      ]),
      { b: 'x@' },
      ctx({ mode: 'survey' }),
    );
    expect(two.errors).toMatchObject([
      { field: 'a', msg: 'Question, "Age" is required.', key: 'questionRequired', params: { label: 'Age' } },
      { field: 'b', msg: 'Invalid Email Address' },
    ]);
  });

  it('reads phone numbers in the location country and keeps them international', () => {
    const f = fields([{ tag: 'phone', type: 'phone' }]);
    expect(validateFields(f, { phone: '020 7946 0958' }, ctx({ country: 'GB' })).values.phone).toBe('+442079460958');
    expect(validateFields(f, { phone: '020 7946 0958' }, ctx({ country: 'US' })).errors[0]?.msg).toBe('Invalid phone number');
    expect(validateFields(f, { phone: '+44 20 7946 0958' }, ctx({ country: 'US' })).values.phone).toBe('+442079460958');
  });

  it('checks dates, birth dates, numbers, amounts and countries', () => {
    const f = fields([
      { tag: 'date_of_birth', type: 'date' },
      { tag: 'start', type: 'date' },
      { tag: 'qty', type: 'numerical', fieldName: 'Quantity' },
      { tag: 'price', type: 'monetory' },
      { tag: 'country', type: 'select' },
    ]);
    const ok = validateFields(f, { date_of_birth: '1980-02-29', start: '2026-03-02', qty: '2,5', price: '$1,234.5', country: 'Germany' }, ctx());
    expect(ok).toEqual({ values: { date_of_birth: '1980-02-29', start: '2026-03-02', qty: 2.5, price: '1234.50', country: 'DE' }, errors: [] });
    const bad = validateFields(f, { date_of_birth: '2026-03-03', start: '2026-02-30', qty: '1e9', price: 'abc', country: 'Atlantis' }, ctx());
    expect(bad.errors.map((e) => e.msg)).toEqual([
      'Date cannot be in the future. Click the year to select a year from the past.',
      'Please enter a date as YYYY-MM-DD within 100 years of today.',
      'Quantity is not a valid number',
      'Please enter an amount.',
      'Please choose a country.',
    ]);
  });

  it('says "This field is required." of an empty required country select, in a form and in a survey (issue 31)', () => {
    const f = fields([{ tag: 'country', type: 'select', label: 'Country', required: true }]);
    for (const mode of ['form', 'survey'] as const) expect(validateFields(f, { country: '' }, ctx({ mode })).errors[0]?.msg).toBe('This field is required.');
  });

  it('needs every level of a required cascade and one box of a required checkbox list', () => {
    const f = fields([
      { tag: 'where', fieldName: 'Location', type: 'cascade_dropdown', required: true, picklistOptions: '[{"0":"US","1":"NY","2":"NYC"}]' },
      { tag: 'pick', type: 'checkbox', required: true, picklistOptions: ['A', 'B'] },
    ]);
    expect(
      validateFields(f, { where: ['US', 'NY'], pick: [] }, ctx()).errors.map(({ field, msg }: { field: string; msg: string }) => ({ field, msg })),
    ).toEqual([
      { field: 'where', msg: 'Location is required' },
      { field: 'pick', msg: 'Please choose at least one option.' },
    ]);
    expect(validateFields(f, { where: { 0: 'US', 1: 'NY', 2: 'NYC' }, pick: ['B'] }, ctx()).errors).toEqual([]);
  });

  it('fails a form whose captcha was refused', () => {
    const f = fields([{ tag: 'captcha', type: 'captcha' }]);
    expect(validateFields(f, {}, ctx({ captcha: 'failed' })).errors[0]?.msg).toBe('Invalid Captcha');
    expect(validateFields(f, {}, ctx({ captcha: 'verified' })).errors).toEqual([]);
  });

  it('names a field by its label when its fieldName only repeats the tag', () => {
    const f = fields([{ tag: 'clients', fieldName: 'clients', label: 'Clients per month', type: 'numerical', required: true }]);
    expect(validateFields(f, {}, ctx()).errors[0]?.msg).toBe('Clients per month is required');
  });

  it('refuses values of the wrong type without throwing', () => {
    const f = fields([
      { tag: 'name', type: 'text' },
      { tag: 'list', type: 'textbox_list' },
    ]);
    expect(validateFields(f, { name: { $gt: '' }, list: [{}] }, ctx()).errors).toHaveLength(2);
  });
});

describe('survey path', () => {
  const data = v.parse(surveyFormData, {
    slides: [
      {
        id: 'a',
        slideData: [{ tag: 'q', type: 'checkbox' }],
        logic: {
          q: [
            { optionName: 'x', index: 0, id: 'c' },
            { optionName: 'y', index: 1, id: 'endsurvey' },
          ],
        },
      },
      { id: 'b', slideData: [{ tag: 'r', type: 'text' }], jumpTo: 'a' },
      { id: 'c', slideData: [{ tag: 's', type: 'text' }] },
    ],
  });
  it('follows logic, lets the highest checked option decide, and stops loops', () => {
    expect(surveyPath(data, { q: ['x'] }).slides.map((s) => s.id)).toEqual(['a', 'c']);
    expect(surveyPath(data, { q: ['x', 'y'] })).toMatchObject({ disqualified: 'end' });
    expect(surveyPath(data, {}).slides.map((s) => s.id)).toEqual(['a', 'b']);
  });
});

describe('captcha verification', () => {
  it('posts the secret and token to siteverify and reads its verdict', async () => {
    const seen: URLSearchParams[] = [];
    const siteverify = (success: boolean) =>
      (async (_url: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new URLSearchParams(String(init?.body)));
        return Response.json({ success });
      }) as typeof fetch;
    expect(await verifyTurnstile({ secret: 's3cret', token: 'tok', fetcher: siteverify(true) })).toBe(true);
    expect(seen[0]?.get('secret')).toBe('s3cret');
    expect(seen[0]?.get('response')).toBe('tok');
    expect(await verifyTurnstile({ secret: 's3cret', token: 'tok', fetcher: siteverify(false) })).toBe(false);
    expect(await verifyTurnstile({ secret: 's3cret', token: '', fetcher: siteverify(true) })).toBe(false);
    const down = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    expect(await verifyTurnstile({ secret: 's3cret', token: 'tok', fetcher: down })).toBe(false);
  });
});

describe('calendar links', () => {
  const entry = {
    uid: 'apt_1',
    start: Date.UTC(2026, 2, 9, 13),
    end: Date.UTC(2026, 2, 9, 14),
    title: 'Talk; with, Ann',
    description: 'x'.repeat(200),
    location: 'Café',
    cancelled: false,
  };
  it('escapes text and folds long lines at 75 octets', () => {
    const ics = icsCalendar(entry, Date.UTC(2026, 2, 1), 'book.example.com');
    expect(ics).toContain('SUMMARY:Talk\\; with\\, Ann\r\n');
    expect(ics).toContain('DTSTART:20260309T130000Z\r\n');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
  });
  it('builds the Google template URL', () => {
    expect(googleCalendarUrl(entry)).toContain('dates=20260309T130000Z%2F20260309T140000Z');
  });
});

describe('file kinds', () => {
  it('recognises content by its first bytes, not its name', async () => {
    const { sniffFile } = await import('../../src/platform/services/file-types');
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(sniffFile('logo.svg', bytes('<?xml version="1.0"?>\n<!-- x --><svg xmlns="http://www.w3.org/2000/svg"/>'))?.contentType).toBe('image/svg+xml');
    expect(sniffFile('logo.svg', bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffFile('a.png', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(sniffFile('a.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffFile('notes.txt', new Uint8Array([0x68, 0x00, 0x69]))).toBeUndefined();
    expect(sniffFile('noext', bytes('%PDF-1.7'))).toBeUndefined();
  });
});
