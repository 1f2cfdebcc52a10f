/**
 * Privacy requests (issue 27): the export of everything held about one contact, and its
 * erasure across every table and R2, which keeps amounts and counts.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import type { Loose } from './forms-fixtures';
import { PERSON, seedTrail, type Trail } from './privacy-fixtures';

const OTHER = {
  ...PERSON,
  first_name: 'Wilhelmina',
  last_name: 'Stroud',
  email: 'wilhelmina@example.net',
  phone: '+12025550142',
  answer: 'another story',
  filename: 'wil.pdf',
};

let zeb: Trail;
let wil: Trail;

beforeAll(async () => {
  zeb = await seedTrail(PERSON, 'z');
  wil = await seedTrail(OTHER, 'w');
});

/** Every table's rows as text, by table: what a search of the whole database would find. */
async function everyTable(): Promise<Record<string, string>> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const out: Record<string, string> = {};
  for (const { name } of tables.results) out[name] = JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results);
  return out;
}

/** Rows per table; the search index's own tables (contacts_search_*: its pages, laid out as FTS5 sees fit) are not records. */
async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, rows] of Object.entries(await everyTable())) if (!name.startsWith('contacts_search_')) out[name] = (JSON.parse(rows) as unknown[]).length;
  return out;
}

const traces = (person: typeof PERSON) => [
  person.first_name,
  person.last_name,
  person.email,
  person.phone,
  person.phone.slice(2),
  person.answer,
  person.filename,
];

describe('GET /admin/v1/contacts/{id}/export', () => {
  it('answers the contact with its submissions, appointments, orders, sessions, events and a working link per file', async () => {
    const res = await admin('GET', `/contacts/${zeb.contactId}/export`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body.erased).toBe(false);
    expect(body.contact).toMatchObject({ id: zeb.contactId, email: PERSON.email, first_name: PERSON.first_name, phone: PERSON.phone });
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0]).toMatchObject({ id: zeb.submissionId, data: { values: { story: PERSON.answer } } });
    expect(body.appointments).toEqual([expect.objectContaining({ id: 'apt_z', notes: `Call ${PERSON.first_name} on ${PERSON.phone}` })]);
    expect(body.orders).toEqual([
      expect.objectContaining({ id: 'ord_z', amount: 4900, currency: 'USD', items: [expect.objectContaining({ name: 'Course', amount: 4900 })] }),
    ]);
    expect(body.sessions).toEqual([expect.objectContaining({ kind: 'form', ref_id: 'frm_priv' })]);
    expect(body.funnel_events).toEqual([expect.objectContaining({ event_type: 'optin', data: { name: PERSON.first_name } })]);
    expect(body.files).toEqual([expect.objectContaining({ id: zeb.uploadId, filename: PERSON.filename, content_type: 'application/pdf' })]);
    expect(JSON.stringify(body)).not.toContain(OTHER.email);

    const file = await SELF.fetch(`https://seller.test${body.files[0].link.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${PERSON.filename}"; filename*=UTF-8''${PERSON.filename}`);
  });

  it('answers 404 for an unknown contact and 400 for a malformed id', async () => {
    const unknown = await admin('GET', '/contacts/ct_nobody/export');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'No contact ct_nobody' });
    const bad = await admin('GET', `/contacts/${'x'.repeat(65)}/export`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ msg: 'A contact id has at most 64 characters' });
  });
});

describe('DELETE /admin/v1/contacts/{id}', () => {
  it('erases the person from every table and R2, keeping amounts and counts, and leaves others alone', async () => {
    const linkRes = await admin('GET', `/uploads/${zeb.uploadId}/link`);
    const { url } = (await linkRes.json()) as { url: string };
    const before = await rowCounts();
    expect(Object.values(await everyTable()).join('')).toContain(PERSON.email);

    const res = await admin('DELETE', `/contacts/${zeb.contactId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ erased: true, id: zeb.contactId, files_deleted: 1 });

    const tables = await everyTable();
    for (const [table, rows] of Object.entries(tables)) {
      for (const trace of [...traces(PERSON), zeb.fingerprint]) expect(rows, `${table} still holds ${trace}`).not.toContain(trace);
    }
    expect(await env.UPLOADS.get(zeb.objectKey)).toBeNull();
    const counts = await rowCounts();
    // Only the link to the payment provider's customer record goes; every other row stays.
    expect(counts).toEqual({ ...before, payment_customers: (before.payment_customers ?? 0) - 1 });

    const order = await env.DB.prepare('SELECT amount, currency, status, contact_id FROM orders WHERE id = ?').bind('ord_z').first();
    expect(order).toEqual({ amount: 4900, currency: 'USD', status: 'paid', contact_id: zeb.contactId });
    const appointment = await env.DB.prepare('SELECT status, start_time, notes FROM appointments WHERE id = ?').bind('apt_z').first();
    expect(appointment).toMatchObject({ status: 'booked', notes: null });
    const contact = await env.DB.prepare('SELECT full_name, email, erased_at FROM contacts WHERE id = ?').bind(zeb.contactId).first<Loose>();
    expect(contact).toMatchObject({ full_name: '[erased]', email: null });
    expect(contact?.erased_at).toBeGreaterThan(0);

    // The other person keeps everything.
    const all = Object.values(tables).join('');
    for (const trace of traces(OTHER)) expect(all).toContain(trace);
    expect(await env.UPLOADS.get(wil.objectKey)).not.toBeNull();

    // A link handed out before the erasure no longer opens the file.
    const file = await SELF.fetch(`https://seller.test${url}`);
    expect(file.status).toBe(404);
    expect(await file.json()).toEqual({ msg: 'This file no longer exists' });
  });

  it('shows the contact as erased in its export and answers a second erasure the same way', async () => {
    const exported = (await (await admin('GET', `/contacts/${zeb.contactId}/export`)).json()) as Loose;
    expect(exported).toMatchObject({ erased: true, contact: { full_name: '[erased]', email: null }, submissions: [{ data: { erased: true } }] });
    expect(exported.files).toEqual([expect.objectContaining({ id: zeb.uploadId, filename: '[erased]', link: null })]);
    const again = await admin('DELETE', `/contacts/${zeb.contactId}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ erased: true, id: zeb.contactId, files_deleted: 0 });
  });

  it('answers 404 for an unknown contact, 400 for a malformed id and 401 without the token', async () => {
    const unknown = await admin('DELETE', '/contacts/ct_nobody');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'No contact ct_nobody' });
    const bad = await admin('DELETE', '/contacts/ct%20x');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ msg: 'A contact id has only letters, digits, _ and -' });
    expect((await admin('DELETE', `/contacts/${wil.contactId}`, undefined, {})).status).toBe(401);
  });
});
