/**
 * Free-form payload parts are bounded (8 KB, 20 levels) and refused with a 4xx before any
 * write; text answers refuse control characters; file names are cut by code points; the
 * unauthenticated booking-error report is capped, rate-limited per client and deduplicated;
 * every API answer carries nosniff. Against the real worker and a real local D1.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_TOKEN_FIELD, MIN_FILL_MS } from '../../src/lib/spam-defence';
import { issueFormToken } from '../../src/platform/services/form-token';
import { book, seedBooking, slotAt } from './booking-fixtures';
import { API, count, type Loose, multipart, PDF, post, seedForm, seedSurvey } from './forms-fixtures';

/** `[[[…]]]` nested `depth` arrays deep, built as text (a recursive JSON.stringify would overflow). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const formJson = (extra: string) => `{"formId":"frm_i","email":"deep@example.com","note":"hi",${extra}}`;

beforeAll(async () => {
  await seedBooking();
  await seedForm({
    id: 'frm_i',
    locationId: 'loc_w',
    name: 'Integrity form',
    form: {
      fields: [
        { tag: 'email', label: 'Email', type: 'email', required: true },
        { tag: 'first_name', label: 'First Name', type: 'text' },
        { tag: 'note', label: 'Note', type: 'textarea' },
        { tag: 'doc', label: 'Document', fieldName: 'Document', type: 'file_upload', picklistOptions: ['.pdf'] },
      ],
    },
  });
  await seedSurvey({
    id: 'srv_i',
    locationId: 'loc_w',
    name: 'S',
    formData: { slides: [{ id: 'a', slideData: [{ tag: 'email', type: 'email', required: true }] }] },
  });
});

const TABLES = ['contacts', 'submissions', 'appointments', 'booking_errors'];
const snapshot = () => Promise.all(TABLES.map(count));

// A whole submission may nest one level deeper than its parts (FREE_JSON_DEPTH + 1).
const SUBMISSION_TOO_DEEP = 'must nest at most 21 levels';

async function expect4xx(res: Response, msg: string): Promise<Loose> {
  expect(res.status, `status ${res.status}`).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as Loose;
  expect(body.msg).toBe(msg);
  return body;
}

describe('free-form fields are bounded', () => {
  /** The raw `formData` text, with a spam-defence token spliced in as text (no JSON.stringify of a deep value). */
  const multipartRaw = async (json: string) => {
    const body = new FormData();
    const submission = /^\{"formId":"(srv_[a-z]+|frm_[a-z]+)"/.exec(json);
    const kind = submission?.[1]?.startsWith('srv_') ? 'survey' : 'form';
    const token = submission?.[1] ? await issueFormToken(env, kind, submission[1], Date.now() - MIN_FILL_MS - 1000) : undefined;
    body.set('formData', token ? `{"${FORM_TOKEN_FIELD}":"${token}",${json.slice(1)}` : json);
    return body;
  };
  it.each([
    ['form eventData 20,000 arrays deep', '/form', formJson(`"eventData":${nested(20_000)}`), SUBMISSION_TOO_DEEP],
    ['form funneEventData 20,000 deep', '/form', formJson(`"funneEventData":{"x":${nested(20_000)}}`), SUBMISSION_TOO_DEEP],
    ['form answer 20,000 deep', '/form', formJson(`"extra":${nested(20_000)}`), SUBMISSION_TOO_DEEP],
    ['form eventData 21 deep', '/form', formJson(`"eventData":${nested(21)}`), SUBMISSION_TOO_DEEP],
    ['form eventData over 8 KB', '/form', formJson(`"eventData":{"utm":"${'x'.repeat(8200)}"}`), 'eventData: must be at most 8 KB of JSON'],
    ['form eventData of 5 MB', '/form', formJson(`"eventData":{"utm":"${'x'.repeat(5 * 1024 * 1024)}"}`), 'must be at most 256 KB of JSON'],
    ['survey eventData 20,000 deep', '/survey', `{"formId":"srv_i","email":"deep@example.com","eventData":${nested(20_000)}}`, SUBMISSION_TOO_DEEP],
    [
      'booking eventData 20,000 deep',
      '/appointment',
      `{"calendar_id":"cal_a","selected_slot":"${slotAt(3, 10)}","selected_timezone":"America/New_York","email":"d@example.com","eventData":${nested(20_000)}}`,
      SUBMISSION_TOO_DEEP,
    ],
  ])('refuses %s with a 4xx and writes nothing', async (_name, path, json, msg) => {
    const before = await snapshot();
    await expect4xx(await post(path, await multipartRaw(json)), msg);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      '/contact eventData 20,000 deep',
      '/contact',
      `{"location_id":"loc_w","name":"A","email":"a@example.com","eventData":{"a":${nested(20_000)}}}`,
      'eventData: must nest at most 20 levels',
    ],
    [
      '/contact eventData over 8 KB',
      '/contact',
      JSON.stringify({ location_id: 'loc_w', name: 'A', email: 'a@example.com', eventData: { a: 'é'.repeat(4100) } }),
      'eventData: must be at most 8 KB of JSON',
    ],
    // An unknown key is never read, however deep: the event is refused for its unknown page.
    [
      '/funnel/event of an unknown page with a deep unknown key',
      '/funnel/event',
      `{"page_id":"pg","event_type":"page_view","x":${nested(20_000)}}`,
      'Page not found',
    ],
    ['/appointment/booking-error with deep logs', '/appointment/booking-error', `{"error":"x","logs":${nested(5_000)}}`, 'logs: must nest at most 20 levels'],
  ])('refuses %s with a 4xx and writes nothing', async (_name, path, body, msg) => {
    const before = await snapshot();
    await expect4xx(await SELF.fetch(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), msg);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts eventData 20 levels deep within 8 KB', async () => {
    const res = await post('/form', await multipartRaw(formJson(`"eventData":{"a":${nested(19)}}`)));
    expect(res.status).toBe(200);
  });
});

describe('text answers', () => {
  it('refuses control characters in a single-line answer and keeps line breaks in free text', async () => {
    const bad = await post('/form', multipart({ formId: 'frm_i', email: 'ctl@example.com', first_name: 'A\u0000B' }));
    expect(bad.status).toBe(422);
    expect(await count('contacts')).toBe(await env.DB.prepare("SELECT COUNT(*) AS n FROM contacts WHERE email != 'ctl@example.com'").first('n'));
    const good = await post('/form', multipart({ formId: 'frm_i', email: 'ctl@example.com', note: 'line one\nline two\ttab' }));
    expect(good.status).toBe(200);
  });

  it('replaces half an emoji in free text so the stored row is valid UTF-8', async () => {
    const res = await post('/form', multipart({ formId: 'frm_i', email: 'emoji@example.com', note: 'ok \uD83D end' }));
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT data FROM submissions WHERE data LIKE '%emoji@example.com%'").first<{ data: string }>();
    expect(row?.data).toContain('ok \uFFFD end');
  });

  it('cuts a long file name by code points, never inside an emoji', async () => {
    const name = `${'😀'.repeat(250)}.pdf`;
    const res = await post('/form', multipart({ formId: 'frm_i', email: 'file@example.com' }, { doc: [new File([PDF], name, { type: 'application/pdf' })] }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    const stored: string = body.formData.doc[0].filename;
    expect(Array.from(stored)).toHaveLength(200);
    expect(stored.endsWith('😀.pdf')).toBe(true);
    expect(stored.isWellFormed()).toBe(true);
  });
});

describe('POST /appointment/booking-error', () => {
  const report = (ip: string, body: unknown) =>
    SELF.fetch(`${API}/appointment/booking-error`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify(body),
    });

  it('refuses a report over 24 KB', async () => {
    const res = await report('198.51.100.1', { error: 'x', formData: { a: 'y'.repeat(30_000) } });
    expect(res.status).toBe(413);
  });

  it('keeps one of many identical reports sent at once', async () => {
    const before = await count('booking_errors');
    const answers = await Promise.all(Array.from({ length: 60 }, () => report('198.51.100.2', { error: 'Payment failed', eventId: 'apt_same' })));
    expect(answers.map((res) => res.status)).toEqual(Array(60).fill(200));
    expect(await count('booking_errors')).toBe(before + 1);
  });

  it('limits how many reports one client sends, not others', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => report('198.51.100.3', { error: `Error ${i}` })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect((await report('198.51.100.4', { error: 'Error from someone else' })).status).toBe(200);
  });
});

describe('answers', () => {
  it.each([
    ['a found form', `${API}/form/frm_i`],
    ['a 404', `${API}/form/frm_missing`],
    ['an unknown API path', `${API}/nothing/here`],
  ])('carry nosniff on %s', async (_name, url) => {
    const res = await SELF.fetch(url);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

it('a booking with deep answers is refused before a slot is held', async () => {
  const before = await count('appointments');
  await expect4xx(await book('cal_a', slotAt(4, 11), { extra: JSON.parse(nested(30)) }), SUBMISSION_TOO_DEEP);
  expect(await count('appointments')).toBe(before);
});
