/**
 * The results calls' text search (`q`, issue 27) through the contacts_search index (FTS5,
 * trigram; migration 0030): the index follows every write of a contact (insert, update,
 * erasure, delete), and a search finds exactly what `LIKE '%q%'` over name, email and phone
 * finds (the search before the index, written out here as the reference), in every kind and
 * in both of its ways (a listed handful, or more than SEARCH_LIST_MAX contacts), page by page.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertContact } from '../../src/platform/services/contacts';
import { admin } from './admin-support';
import { type Loose, seedAppointment, seedCalendar, seedContact, seedForm, seedLocation, seedOrder, seedSubmission } from './results-fixtures';

const T = Date.UTC(2026, 2, 1, 9);
const MIN = 60_000;
const db = () => env.DB;

async function list(path: string): Promise<Loose> {
  const res = await admin('GET', path);
  const body = (await res.json()) as Loose;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Every id a search lists, page by page through its cursors. */
async function allIds(kind: string, q: string, limit = 500, extra = ''): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const body = await list(`/${kind}?q=${encodeURIComponent(q)}&limit=${limit}${extra}${cursor ? `&cursor=${cursor}` : ''}`);
    found.push(...(body.items as Loose[]).map((item) => item.id as string));
    cursor = body.next_cursor;
  } while (cursor);
  return found;
}

/** The search as it was before the index: a LIKE over every contact, newest first. */
async function likeIds(q: string, table = 'contacts', join = ''): Promise<string[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const alias = table === 'contacts' ? 't' : 'c';
  const columns = ['full_name', 'first_name', 'last_name', 'email', 'phone'];
  const { results } = await db()
    .prepare(
      `SELECT t.id FROM ${table} t ${join} WHERE ${columns.map((col) => `${alias}.${col} LIKE ? ESCAPE '\\'`).join(' OR ')} ORDER BY t.created_at DESC, t.id DESC`,
    )
    .bind(...columns.map(() => pattern))
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/** FTS5's own check of the index against the contacts it indexes: throws when one entry is missing, stale or extra. */
async function indexInStep(): Promise<void> {
  await db().prepare("INSERT INTO contacts_search(contacts_search, rank) VALUES ('integrity-check', 1)").run();
}

/** Whether any page of the index holds these bytes (a trigram is stored whole where it shares no prefix with the term before it). */
async function indexPagesHold(text: string): Promise<boolean> {
  const row = await db().prepare('SELECT count(*) AS n FROM contacts_search_data WHERE instr(block, CAST(? AS BLOB)) > 0').bind(text).first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

/** A sample of contacts as forms leave them: mixed case, accents, quotes, `%` and `_`, formatted and bare phones, missing fields. */
const SAMPLE: { name?: string; email?: string; phone?: string }[] = [
  { name: 'Ann Lee', email: 'ann.lee@example.com', phone: '+12025550101' },
  { name: 'ANNE-MARIE Dupont', email: 'AMD@Example.ORG', phone: '+33 6 12 34 56 78' },
  { name: 'Éloïse Fabre', email: 'eloise@exemple.fr' },
  { name: 'éloïse fabre', phone: '(202) 555-0199' },
  { name: 'Bob 100% Real_Name', email: 'bob_real@example.com', phone: '202-555-0102' },
  { name: 'Zoë "Zed" O\'Neil', email: 'zoe+list@mail.example.net' },
  { email: 'no.name@example.com' },
  { phone: '+447700900123' },
  { name: 'Chen Wei 陈伟', email: 'chen@example.cn', phone: '+86 10 5555 0000' },
  { name: 'Mara AND Near', email: 'near@or.example', phone: '0044 7700 900 124' },
  { name: 'back\\slash Person', email: 'slash@example.com' },
  { name: 'Lee Annson', email: 'LEE@EXAMPLE.COM', phone: '+12025550111' },
];

/** Searches compared with the LIKE: substrings of names, emails and phones, case, accents, short text, and FTS5 syntax taken literally. */
const QUERIES = [
  'ann',
  'ANN',
  'an',
  'a',
  'lee@',
  '@example.com',
  'example',
  'EXAMPLE.COM',
  '5550101',
  '+1202555',
  '202',
  '555-01',
  '(202) 555',
  '7700 900',
  '7700900',
  'éloïse',
  'Éloïse',
  'ÉLOÏSE',
  'loï',
  '陈伟',
  '100%',
  '0%',
  'real_name',
  'l_e',
  '"Zed"',
  '"zed',
  "O'Neil",
  'AND',
  'and near',
  'NEAR(',
  'ann*',
  '-ann',
  'x OR y',
  'back\\slash',
  '\\',
  'nobody at all',
];

beforeAll(async () => {
  await seedLocation('loc_s');
  await seedForm('fm_s', 'loc_s', [{ tag: 'full_name', label: 'Your name' }]);
  await seedCalendar('cal_s', 'loc_s', 'Europe/Paris');
  for (const [i, person] of SAMPLE.entries()) {
    await seedContact(`ct_s${String(i).padStart(2, '0')}`, 'loc_s', T + i * MIN, person);
    await seedSubmission(`sb_s${String(i).padStart(2, '0')}`, {
      refId: 'fm_s',
      locationId: 'loc_s',
      contactId: `ct_s${String(i).padStart(2, '0')}`,
      at: T + i * MIN + 1,
      values: {},
    });
    if (i % 3 === 0) {
      await seedAppointment(`ap_s${String(i).padStart(2, '0')}`, {
        calendarId: 'cal_s',
        locationId: 'loc_s',
        contactId: `ct_s${String(i).padStart(2, '0')}`,
        start: T + 86_400_000 + i * 30 * MIN,
        at: T + i * MIN + 3,
      });
    }
    if (i % 2 === 0) {
      await seedOrder(`or_s${String(i).padStart(2, '0')}`, {
        locationId: 'loc_s',
        contactId: `ct_s${String(i).padStart(2, '0')}`,
        status: 'paid',
        at: T + i * MIN + 2,
        items: [{ productId: 'pr_s', name: 'Course', amount: 1000 }],
      });
    }
  }
});

describe('search through the contacts_search index', () => {
  it('finds exactly what a LIKE over name, email and phone finds, for contacts, submissions, orders and appointments', async () => {
    await indexInStep();
    for (const q of QUERIES) {
      expect(await allIds('contacts', q), `contacts q=${q}`).toEqual(await likeIds(q));
      expect(await allIds('submissions', q, 5), `submissions q=${q}`).toEqual(await likeIds(q, 'submissions', 'LEFT JOIN contacts c ON c.id = t.contact_id'));
      expect(await allIds('orders', q), `orders q=${q}`).toEqual(await likeIds(q, 'orders', 'LEFT JOIN contacts c ON c.id = t.contact_id'));
      expect(await allIds('appointments', q), `appointments q=${q}`).toEqual(await likeIds(q, 'appointments', 'LEFT JOIN contacts c ON c.id = t.contact_id'));
    }
    // Spot checks of what a seller notices: part of an email or a phone finds its contact, case aside; formatting is matched as typed.
    expect(await allIds('contacts', 'AMD@example')).toEqual(['ct_s01']);
    expect(await allIds('contacts', '7700900123')).toEqual(['ct_s07']);
    expect(await allIds('contacts', '(202) 555')).toEqual(['ct_s03']);
    expect(await allIds('contacts', 'nobody at all')).toEqual([]);
  });

  it('keeps the other filters, the export and the order totals to the searched contacts', async () => {
    expect(await allIds('submissions', 'lee', 500, '&form_id=fm_s')).toEqual(['sb_s11', 'sb_s00']);
    expect(await allIds('contacts', 'lee', 500, `&from=${T + MIN}`)).toEqual(['ct_s11']);
    const exported = new TextDecoder().decode(await (await admin('GET', '/contacts/export?format=ndjson&q=example.com')).arrayBuffer());
    expect(
      exported
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(await likeIds('example.com'));
    const totals = await list('/orders/totals?q=%40example.com');
    // ct_s00, ct_s04, ct_s06 and ct_s10 have orders and an @example.com email.
    expect(totals.totals).toEqual([expect.objectContaining({ currency: 'USD', status: 'paid', orders: 4, amount: 4000 })]);
  });

  it('follows a contact as it is inserted, updated, erased and deleted', async () => {
    const search = (q: string) => allIds('contacts', q);
    expect(await search('quillon')).toEqual([]);

    // Inserted, as an opt-in writes it.
    const { id } = await upsertContact(
      db(),
      { locationId: 'loc_s', email: 'Quillon.Harte@Example.com', fullName: 'Quillon Harte', phone: '+15550007777' },
      T + 100 * MIN,
    );
    await indexInStep();
    expect(await search('quillon')).toEqual([id]);
    expect(await search('quillon.harte@')).toEqual([id]);
    expect(await search('0007777')).toEqual([id]);

    // Updated by a later submission with the same email: the new name and phone are found, the old ones are not.
    await upsertContact(db(), { locationId: 'loc_s', email: 'quillon.harte@example.com', fullName: 'Quincy Harte', phone: '+15550008888' }, T + 101 * MIN);
    await indexInStep();
    expect(await search('quincy')).toEqual([id]);
    expect(await search('0008888')).toEqual([id]);
    expect(await search('0007777')).toEqual([]);
    // A write that changes no searched column (its touches, its time) leaves the index as it was.
    await db()
      .prepare('UPDATE contacts SET updated_at = ?, last_touch = ? WHERE id = ?')
      .bind(T + 102 * MIN, '{}', id)
      .run();
    await indexInStep();
    expect(await search('quincy')).toEqual([id]);

    // Erased on request: nothing of the person is found any more, and no trigram of them is left in the index's pages.
    expect(await indexPagesHold('qui')).toBe(true);
    const erased = await admin('DELETE', `/contacts/${id}`);
    expect(erased.status).toBe(200);
    await indexInStep();
    for (const q of ['quincy', 'harte', 'quillon', '0008888', 'example.com']) expect(await search(q)).not.toContain(id);
    expect(await search('[erased]')).toEqual([id]);
    for (const trigram of ['qui', 'uin', 'inc', 'ncy', 'cy ', 'har', 'art', 'rte', '888']) expect(await indexPagesHold(trigram), trigram).toBe(false);

    // Deleted, as a location's deletion deletes its contacts.
    await seedLocation('loc_gone');
    await seedContact('ct_gone', 'loc_gone', T + 103 * MIN, { name: 'Ottoline Gone', email: 'ottoline@example.com' });
    expect(await search('ottoline')).toEqual(['ct_gone']);
    await db().prepare('DELETE FROM locations WHERE id = ?').bind('loc_gone').run();
    await indexInStep();
    expect(await search('ottoline')).toEqual([]);
  });
});

describe('search pages', () => {
  beforeAll(async () => {
    // 1,200 contacts whose email holds "bulk": more than a search lists (SEARCH_LIST_MAX), in one location; one in ten also "tenth".
    await seedLocation('loc_bulk');
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
         INSERT INTO contacts (id, location_id, email, full_name, source, created_at, updated_at)
         SELECT printf('ct_b%04d', i), 'loc_bulk', printf('bulk%04d@example.org', i), CASE WHEN i % 10 = 0 THEN printf('Tenth %d', i) ELSE printf('Lead %d', i) END,
           'form', ?1 + (i / 2) * 1000, ?1 + (i / 2) * 1000 FROM n`,
      )
      .bind(T + 1000 * MIN)
      .run();
  });

  it('pages through a search of many contacts and of a few alike: every match once, in order, equal to the LIKE', async () => {
    await indexInStep();
    // Two contacts share each created_at: the pages are cut by (created_at, id).
    for (const [q, count] of [
      ['bulk', 1200],
      ['tenth', 120],
      ['bulk007', 10],
    ] as const) {
      const ids = await allIds('contacts', q, 37, '&location_id=loc_bulk');
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      expect(ids).toEqual(await likeIds(q));
    }
  });

  it('keeps its pages stable while matching contacts arrive between them', async () => {
    for (const [q, arrival] of [
      ['bulk', { name: 'Arrival', email: 'bulk-new@example.org' }],
      ['tenth', { name: 'Tenth arrival', email: 'arrival@example.org' }],
    ] as const) {
      const first = await list(`/contacts?q=${q}&limit=50`);
      const seen = (first.items as Loose[]).map((item) => item.id);
      // Newer than every page: it sorts before the cursor and never shifts the pages after it.
      await seedContact(`ct_new_${q}`, 'loc_bulk', T + 10_000 * MIN, arrival);
      let cursor = first.next_cursor as string | null;
      while (cursor) {
        const body = await list(`/contacts?q=${q}&limit=50&cursor=${cursor}`);
        seen.push(...(body.items as Loose[]).map((item) => item.id));
        cursor = body.next_cursor;
      }
      const now = await likeIds(q);
      expect(seen).toEqual(now.filter((id) => !id.startsWith('ct_new_')));
      expect(now[0]).toMatch(/^ct_new_/);
    }
  });
});
