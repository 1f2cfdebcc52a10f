import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import { book, CALENDARS, seedBooking, seedCalendar, slotAt } from './booking-fixtures';
import { count, type Loose, multipart, post, seedForm, seedSurvey } from './forms-fixtures';

const TERMS = 'I agree to the Terms of Service and the Privacy Policy.';
const NEWS = 'Send me the weekly newsletter';

const CONSENT_FORM = {
  id: 'frm_consent',
  locationId: 'loc_w',
  name: 'Consent form',
  form: {
    fields: [
      { tag: 'email', label: 'Email', type: 'email', required: true },
      { tag: 'terms', label: TERMS, type: 'checkbox', required: true },
      { tag: 'news', label: 'Newsletter', placeholder: NEWS, type: 'checkbox' },
      { tag: 'interests', label: 'Interests', type: 'checkbox', picklistOptions: ['Yoga', 'Pilates'] },
    ],
  },
};

const PLAIN_FORM = {
  id: 'frm_plain',
  locationId: 'loc_w',
  name: 'Plain form',
  form: { fields: [{ tag: 'email', label: 'Email', type: 'email', required: true }] },
};

const SURVEY = {
  id: 'srv_consent',
  locationId: 'loc_w',
  name: 'Consent survey',
  formData: {
    slides: [
      {
        id: 's1',
        slideName: 'Contact',
        slideData: [
          { tag: 'email', label: 'Email', type: 'email', required: true },
          { tag: 'gdpr', label: 'I consent to being contacted', type: 'checkbox' },
        ],
      },
    ],
  },
};

const VISITOR = { 'user-agent': 'Mozilla/5.0 (ConsentTest)', 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const records = (subjectId: string) =>
  env.DB.prepare('SELECT * FROM consent_records WHERE subject_id = ?')
    .bind(subjectId)
    .all<Loose>()
    .then((r) => r.results);

async function submit(data: Record<string, unknown>, headers: Record<string, string> = VISITOR, path = '/form'): Promise<Response> {
  return post(path, multipart(data), headers);
}

beforeAll(async () => {
  await seedBooking();
  await seedCalendar({ ...CALENDARS.cal_a, id: 'cal_consent', slug: 'consent-call', form_id: 'frm_consent' });
  await seedForm(CONSENT_FORM);
  await seedForm(PLAIN_FORM);
  await seedSurvey(SURVEY);
  await env.DB.prepare('UPDATE forms SET updated_at = 1700000000000 WHERE id = ?').bind('frm_consent').run();
});

describe('consent records of form submissions', () => {
  it('stores the stored label text, its SHA-256, each box checked or not, and who sent it from where', async () => {
    const res = await submit(
      {
        formId: 'frm_consent',
        email: 'consent@example.com',
        terms: ['true'],
        news: [],
        interests: ['Yoga'],
        eventData: { page_url: 'https://host.test/widget/form/frm_consent', referrer: 'https://seller.example/contact' },
      },
      { ...VISITOR, 'cf-connecting-ip': '203.0.113.7' },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    const rows = await records(body.id);
    expect(rows).toHaveLength(1);
    const row = rows[0] as Loose;
    const text = `${TERMS}\n${NEWS}`;
    expect(row).toMatchObject({
      subject_kind: 'form',
      location_id: 'loc_w',
      text,
      text_sha256: await sha256(text),
      form_version: 1700000000000,
      page_url: 'https://host.test/widget/form/frm_consent',
      parent_url: 'https://seller.example/contact',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (ConsentTest)',
      language: 'de-DE',
    });
    expect(JSON.parse(row.checks)).toEqual([
      { field: 'terms', label: TERMS, checked: true },
      { field: 'news', label: NEWS, checked: false },
    ]);
    const contact = await env.DB.prepare('SELECT id FROM contacts WHERE email = ?').bind('consent@example.com').first<{ id: string }>();
    expect(row.contact_id).toBe(contact?.id);
  });

  it('takes the text from the stored form, never from what the browser sends', async () => {
    const res = await submit({ formId: 'frm_consent', email: 'sly@example.com', terms: ['true'], news: ['true'], consentText: 'I agree to nothing' });
    const [row] = await records(((await res.json()) as Loose).id);
    expect(row?.text).toBe(`${TERMS}\n${NEWS}`);
    expect(JSON.parse(row?.checks).map((c: Loose) => c.checked)).toEqual([true, true]);
  });

  it('stores no record for a submission refused by validation', async () => {
    const before = await count('consent_records');
    const res = await submit({ formId: 'frm_consent', email: 'refused@example.com', news: ['true'] });
    expect(res.status).toBe(422);
    expect(await count('consent_records')).toBe(before);
  });

  it('stores one record for a resend with the same idempotency key', async () => {
    const data = { formId: 'frm_consent', email: 'twice@example.com', terms: ['true'], idempotencyKey: 'consent-key-1' };
    const first = (await (await submit(data)).json()) as Loose;
    const second = (await (await submit(data)).json()) as Loose;
    expect(second.id).toBe(first.id);
    expect(await records(first.id)).toHaveLength(1);
  });

  it('stores one record when two sends with the same idempotency key race', async () => {
    const data = { formId: 'frm_consent', email: 'racer@example.com', terms: ['true'], idempotencyKey: 'consent-race-1' };
    const answers = await Promise.all([submit(data), submit(data)]);
    const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as Loose).id));
    expect(ids[1]).toBe(ids[0]);
    expect(await records(ids[0])).toHaveLength(1);
  });

  it('stores the funnel page, its version and its URL on the domain', async () => {
    await env.DB.prepare("INSERT INTO pages (id, location_id, draft, version, updated_at) VALUES ('pg_consent', 'loc_w', '{}', 7, 0)").run();
    const res = await submit({
      formId: 'frm_consent',
      email: 'funnel@example.com',
      terms: ['true'],
      eventData: { page_url: 'https://shop.example/join?utm=x', referrer: 'https://search.example/' },
      funneEventData: { page_id: 'pg_consent', page_url: '/join', domain_name: 'shop.example' },
    });
    const [row] = await records(((await res.json()) as Loose).id);
    expect(row).toMatchObject({ page_id: 'pg_consent', page_version: 7, page_url: 'https://shop.example/join', parent_url: null });
  });

  it('stores none for a form without consent boxes', async () => {
    const before = await count('consent_records');
    const res = await submit({ formId: 'frm_plain', email: 'plain@example.com' });
    expect(res.status).toBe(200);
    expect(await count('consent_records')).toBe(before);
  });

  it('stores the record of a survey submission', async () => {
    const res = await submit({ formId: 'srv_consent', email: 'survey@example.com', gdpr: ['true'] }, VISITOR, '/survey');
    expect(res.status).toBe(200);
    const [row] = await records(((await res.json()) as Loose).id);
    expect(row).toMatchObject({ subject_kind: 'survey', text: 'I consent to being contacted', parent_url: null });
    expect(JSON.parse(row?.checks)).toEqual([{ field: 'gdpr', label: 'I consent to being contacted', checked: true }]);
  });

  it('is never updated: the database refuses an UPDATE', async () => {
    await expect(env.DB.prepare("UPDATE consent_records SET text = 'changed'").run()).rejects.toThrow(/consent records are never updated/);
    const changed = await env.DB.prepare("SELECT COUNT(*) AS n FROM consent_records WHERE text = 'changed'").first<{ n: number }>();
    expect(changed?.n).toBe(0);
  });
});

describe('consent records of bookings', () => {
  it('stores the booking form’s boxes under the appointment, in the booking’s batch', async () => {
    const res = await book('cal_consent', slotAt(3, 10), { email: 'booker@example.com', terms: ['true'] }, {}, VISITOR);
    expect(res.status).toBe(200);
    const appointment = await env.DB.prepare('SELECT id, contact_id FROM appointments WHERE calendar_id = ?').bind('cal_consent').first<Loose>();
    const rows = await records(appointment?.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject_kind: 'calendar', contact_id: appointment?.contact_id, form_version: 1700000000000, language: 'de-DE' });
    expect(JSON.parse(rows[0]?.checks).map((c: Loose) => c.checked)).toEqual([true, false]);
  });

  it('stores none when the slot is taken and the booking is refused', async () => {
    const before = await count('consent_records');
    const res = await book('cal_consent', slotAt(3, 10), { email: 'late@example.com', terms: ['true'] }, {}, VISITOR);
    expect(res.status).toBe(409);
    expect(await count('consent_records')).toBe(before);
  });

  it('stores none for a calendar whose form has no consent box', async () => {
    const before = await count('consent_records');
    expect((await book('cal_a', slotAt(4, 11), {}, {}, VISITOR)).status).toBe(200);
    expect(await count('consent_records')).toBe(before);
  });
});

describe('GET /admin/v1/contacts/{id}/consents', () => {
  it('lists the contact’s records newest first', async () => {
    const at = (ms: number) => ({ ...VISITOR, 'x-test-now': String(ms) });
    expect((await submit({ formId: 'frm_consent', email: 'listed@example.com', terms: ['true'] }, at(Date.now() + 60_000))).status).toBe(200);
    expect((await submit({ formId: 'srv_consent', email: 'listed@example.com', gdpr: [] }, at(Date.now() + 120_000), '/survey')).status).toBe(200);
    const contact = await env.DB.prepare('SELECT id FROM contacts WHERE email = ?').bind('listed@example.com').first<{ id: string }>();
    const res = await admin('GET', `/contacts/${contact?.id}/consents`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body.consents.map((r: Loose) => r.subject_kind)).toEqual(['survey', 'form']);
    expect(body.consents[0].checks).toEqual([{ field: 'gdpr', label: 'I consent to being contacted', checked: false }]);
  });

  it('answers 404 for an unknown contact and 400 for a malformed id', async () => {
    const missing = await admin('GET', '/contacts/ct_nobody/consents');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Loose).msg).toBe('No contact ct_nobody');
    const bad = await admin('GET', '/contacts/bad%20id/consents');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Loose).msg).toBe('A contact id has only letters, digits, _ and -');
  });
});

describe('consent records of an erased contact', () => {
  it('keep what was shown and ticked, with the identifiers only as hashes, and leave the contact’s list and record', async () => {
    const res = await submit(
      {
        formId: 'frm_consent',
        email: 'erase-me@example.com',
        terms: ['true'],
        news: ['true'],
        eventData: { page_url: 'https://host.test/widget/form/frm_consent?email=erase-me%40example.com', referrer: 'https://seller.example/p?ref=me' },
      },
      { ...VISITOR, 'cf-connecting-ip': '203.0.113.9' },
    );
    const subjectId = ((await res.json()) as Loose).id;
    const contact = await env.DB.prepare('SELECT id FROM contacts WHERE email = ?').bind('erase-me@example.com').first<{ id: string }>();
    const id = contact?.id ?? '';
    expect((await admin('DELETE', `/contacts/${id}`)).status).toBe(200);
    const [row] = await records(subjectId);
    expect(row).toMatchObject({
      contact_id: `sha256:${await sha256(id)}`,
      ip: `sha256:${await sha256('203.0.113.9')}`,
      user_agent: `sha256:${await sha256('Mozilla/5.0 (ConsentTest)')}`,
      page_url: 'https://host.test/widget/form/frm_consent',
      parent_url: 'https://seller.example/p',
      text: `${TERMS}\n${NEWS}`,
      language: 'de-DE',
    });
    expect(JSON.parse(row?.checks).map((c: Loose) => c.checked)).toEqual([true, true]);
    const listed = (await (await admin('GET', `/contacts/${id}/consents`)).json()) as Loose;
    expect(listed.consents).toEqual([]);
    // A second erasure finds nothing more to replace.
    expect((await admin('DELETE', `/contacts/${id}`)).status).toBe(200);
    expect(await records(subjectId)).toHaveLength(1);
  });
});
