/** Streamed exports of the results API (issue 27): CSV as RFC 4180 with neutralised formulas, and NDJSON. */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import { type Loose, seedContact, seedForm, seedLocation, seedOrder, seedSubmission } from './results-fixtures';

const T = Date.UTC(2026, 2, 1);

/** An RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

async function exported(path: string): Promise<{ res: Response; text: string }> {
  const res = await admin('GET', path);
  // ignoreBOM keeps a byte order mark in the text, so a test can see whether one was sent.
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

const tricky = 'Hi, "friend"\nsecond line 🎉';

beforeAll(async () => {
  await seedLocation('loc_a');
  await seedForm('fm_x', 'loc_a', [
    { tag: 'full_name', label: 'Your name' },
    { tag: 'note', label: 'Note, please' },
    { tag: 'calc', label: '=Formula label' },
  ]);
  await seedContact('ct_1', 'loc_a', T, { name: '=HYPERLINK("http://evil.test")', email: 'one@example.com', phone: '+12025550101' });
  await seedContact('ct_2', 'loc_a', T + 1000, { name: tricky, email: 'two@example.com', phone: '-1' });
  await seedSubmission('sb_1', {
    refId: 'fm_x',
    locationId: 'loc_a',
    contactId: 'ct_1',
    at: T + 2000,
    values: { full_name: 'Ann', note: tricky, calc: '=1+2' },
  });
  await seedSubmission('sb_2', { refId: 'fm_x', locationId: 'loc_a', contactId: 'ct_2', at: T + 3000, values: { full_name: '@Bo', note: ['a', 'b'] } });
  await seedOrder('or_1', { locationId: 'loc_a', status: 'paid', at: T + 4000, items: [{ productId: 'pr_1', name: 'Course', amount: 4900 }] });
});

describe('GET /admin/v1/{kind}/export?format=csv', () => {
  it('streams contacts as an attachment in RFC 4180 with formulas neutralised', async () => {
    const { res, text } = await exported('/contacts/export?format=csv&location_id=loc_a');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith('id,')).toBe(true);
    // The kind's own columns; attribution and consent follow (tests/api/attribution-results.test.ts).
    expect(parseCsv(text).map((record) => record.slice(0, 6))).toEqual([
      ['id', 'name', 'email', 'phone', 'source', 'created_at'],
      ['ct_2', tricky, 'two@example.com', "'-1", 'form', '2026-03-01T00:00:01.000Z'],
      ['ct_1', `'=HYPERLINK("http://evil.test")`, 'one@example.com', "'+12025550101", 'form', '2026-03-01T00:00:00.000Z'],
    ]);
    expect(text).toContain('"Hi, ""friend""\nsecond line 🎉"');
  });

  it('gives a form its own columns, headed by the field labels, and a BOM on request', async () => {
    const res = await admin('GET', '/submissions/export?format=csv&form_id=fm_x&bom=1');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 6)]).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64, 0x2c]); // BOM, then "id,"
    expect(parseCsv(new TextDecoder().decode(bytes)).map((record) => record.slice(0, 15))).toEqual([
      [
        'id',
        'kind',
        'ref_id',
        'status',
        'name',
        'email',
        'phone',
        'funnel_id',
        'step_id',
        'domain',
        'page_url',
        'created_at',
        'Your name',
        'Note, please',
        "'=Formula label",
      ],
      ['sb_2', 'form', 'fm_x', 'qualified', tricky, 'two@example.com', "'-1", '', '', '', '', '2026-03-01T00:00:03.000Z', "'@Bo", 'a, b', ''],
      [
        'sb_1',
        'form',
        'fm_x',
        'qualified',
        `'=HYPERLINK("http://evil.test")`,
        'one@example.com',
        "'+12025550101",
        '',
        '',
        '',
        '',
        '2026-03-01T00:00:02.000Z',
        'Ann',
        tricky,
        "'=1+2",
      ],
    ]);
  });

  it("writes an order's items and formatted amount", async () => {
    const { text } = await exported('/orders/export?format=csv');
    expect(parseCsv(text)[1]?.slice(0, 11)).toEqual(['or_1', 'paid', 'USD', '$49.00', 'Course ($49.00)', '', '', '', '', '', '2026-03-01T00:00:04.000Z']);
  });
});

describe('GET /admin/v1/{kind}/export?format=ndjson', () => {
  it('writes one JSON object per line, the same items the list answers', async () => {
    const { res, text } = await exported('/submissions/export?format=ndjson&location_id=loc_a');
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Loose);
    const listed = (await (await admin('GET', '/submissions?location_id=loc_a')).json()) as Loose;
    expect(lines).toEqual(listed.items);
    expect(lines[1]?.answers).toEqual({ 'Your name': 'Ann', 'Note, please': tricky, '=Formula label': '=1+2' });
  });
});

describe('exports larger than one batch', () => {
  it('streams every row in order across batches', async () => {
    await seedLocation('loc_big');
    const count = 640;
    const rows = Array.from({ length: count }, (_, i) => ({ id: `big_${String(i).padStart(4, '0')}`, at: T + Math.floor(i / 3) }));
    for (const row of rows) await seedContact(row.id, 'loc_big', row.at, { email: `${row.id}@example.com` });
    const expected = [...rows].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id)).map((row) => row.id);

    const res = await admin('GET', '/contacts/export?format=ndjson&location_id=loc_big');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as Loose).id),
    ).toEqual(expected);

    const csv = parseCsv((await exported('/contacts/export?format=csv&location_id=loc_big')).text);
    expect(csv).toHaveLength(count + 1);
    expect(csv.slice(1).map((record) => record[0])).toEqual(expected);
  });
});

describe('bad input', () => {
  const refused: [string, number, string][] = [
    ['/contacts/export', 400, 'format must be csv or ndjson'],
    ['/contacts/export?format=xlsx', 400, 'format must be csv or ndjson'],
    ['/contacts/export?format=csv&bom=yes', 400, 'bom must be 0 or 1'],
    ['/contacts/export?format=csv&limit=5', 400, 'limit: is not a parameter of this call'],
    ['/orders/export?format=csv&status=lost', 400, 'status must be one of pending, processing, paid, failed'],
    ['/submissions/export?format=csv&form_id=fm_none', 404, 'Form fm_none not found'],
  ];
  it.each(refused)('%s → %i', async (path, status, msg) => {
    const res = await admin('GET', path);
    expect(res.status).toBe(status);
    expect(((await res.json()) as Loose).msg).toBe(msg);
  });
});
