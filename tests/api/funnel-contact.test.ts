import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidFingerprint } from '../../src/lib/ids';
import { count, HOST, post, seedFunnelFixtures } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());

const optin = {
  location_id: 'loc_a',
  name: 'Ann Lee',
  phone: '(202) 555-0123',
  email: '  Ann.Lee@Example.COM ',
  address1: '',
  companyName: 'Lee & Co',
  lead: true,
  source: 'Guide funnel',
  page_id: 'pg_optin',
  funnel_id: 'fn_a',
  forceCreate: false,
  eventData: { utm_source: 'newsletter' },
  funneEventData: {
    event_type: 'optin',
    domain_name: HOST,
    page_url: '/',
    funnel_id: 'fn_a',
    page_id: 'pg_optin',
    funnel_step_id: 'st_optin',
    fingerprint: 'fp_ann',
  },
  session_d: 1,
};

interface OptinAnswer {
  contact: Record<string, string | null>;
  fingerprint: string;
  sessionFingerprint: string;
  sessionId: string;
}

describe('POST /contact', () => {
  it('creates the contact, records the optin event and starts a session', async () => {
    const res = await post('/contact', optin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as OptinAnswer;
    expect(body.contact).toMatchObject({
      email: 'ann.lee@example.com',
      name: 'Ann Lee',
      phone: '+12025550123',
      companyName: 'Lee & Co',
    });
    expect(body.fingerprint).toBe('fp_ann');
    expect(body.sessionId).toMatch(/^ss_/);
    // A fingerprint the server mints is one the page runtime keeps (a random UUID v4), not replaced at the next view.
    expect(isValidFingerprint(body.sessionFingerprint)).toBe(true);
    const event = await env.DB.prepare("SELECT * FROM funnel_events WHERE event_type = 'optin'").first();
    expect(event).toMatchObject({ funnel_id: 'fn_a', step_id: 'st_optin', page_id: 'pg_optin', fingerprint: 'fp_ann', contact_id: body.contact.id });
    expect(JSON.parse(String(event?.data))).toEqual({ utm_source: 'newsletter' });
    const contact = await env.DB.prepare('SELECT source, fingerprint, first_name, last_name FROM contacts WHERE id = ?').bind(body.contact.id).first();
    expect(contact).toEqual({ source: 'Guide funnel', fingerprint: 'fp_ann', first_name: 'Ann', last_name: 'Lee' });
  });

  it('keeps one contact per email and the session the browser holds', async () => {
    const first = (await (await post('/contact', { ...optin, email: 'bo@example.com', name: 'Bo' })).json()) as OptinAnswer;
    const again = await post('/contact', {
      ...optin,
      email: 'BO@example.com',
      name: 'Bo Ng',
      city: 'Austin',
      sessionId: first.sessionId,
      sessionFingerprint: first.sessionFingerprint,
    });
    const second = (await again.json()) as OptinAnswer;
    expect(second.contact.id).toBe(first.contact.id);
    expect(second.contact).toMatchObject({ name: 'Bo Ng', city: 'Austin' });
    expect(second.sessionId).toBe(first.sessionId);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM contacts WHERE email = 'bo@example.com'").first('n')).toBe(1);
  });

  it('never finds, answers or renames a stored contact by its fingerprint alone', async () => {
    const victim = { ...optin, email: 'vic@example.com', phone: '(202) 555-0144', country: 'US', fingerprint: 'fp_victim', funneEventData: undefined };
    const stored = (await (await post('/contact', victim)).json()) as OptinAnswer;
    const res = await post('/contact', { location_id: 'loc_a', name: 'x', fingerprint: 'fp_victim' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as OptinAnswer;
    expect(body.contact.id).not.toBe(stored.contact.id);
    expect(body.contact).toMatchObject({ email: null, phone: null, name: 'x', country: null });
    expect(JSON.stringify(body)).not.toMatch(/vic@example\.com|5550144/);
    const row = await env.DB.prepare('SELECT email, phone, full_name FROM contacts WHERE id = ?').bind(stored.contact.id).first();
    expect(row).toEqual({ email: 'vic@example.com', phone: '+12025550144', full_name: 'Ann Lee' });
  });

  it('answers only the fields the caller sent, not what is stored for a known email', async () => {
    await post('/contact', { ...optin, email: 'known@example.com', phone: '(202) 555-0166', country: 'US', city: 'Austin', funneEventData: undefined });
    const res = await post('/contact', { location_id: 'loc_a', name: 'Someone', email: 'KNOWN@example.com' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as OptinAnswer;
    expect(body.contact).toEqual({
      id: expect.stringMatching(/^ct_/),
      email: 'known@example.com',
      name: 'Someone',
      phone: null,
      companyName: null,
      address1: null,
      city: null,
      state: null,
      country: null,
      postalCode: null,
      // The token the browser keeps to claim this contact next time (sticky contact), as the widgets' answers give it.
      sticky_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    // Later submissions fill in fields and never blank them out.
    const row = await env.DB.prepare("SELECT phone, country, city FROM contacts WHERE email = 'known@example.com'").first();
    expect(row).toEqual({ phone: '+12025550166', country: 'US', city: 'Austin' });
  });

  it('requires every shipping field once an address is sent', async () => {
    const res = await post('/contact', { ...optin, email: 'ship@example.com', address1: '1 Main St', city: 'Austin', state: 'TX', country: 'US' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: 'postalCode: This field is required.', field: 'postalCode' });
    const ok = await post('/contact', {
      ...optin,
      email: 'ship@example.com',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      postalCode: '73301',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses bad input with a 4xx msg and writes nothing', async () => {
    const tables = ['contacts', 'funnel_events', 'sessions'];
    const before = await Promise.all(tables.map(count));
    for (const [body, status] of [
      [{ ...optin, name: '   ' }, 400],
      [{ ...optin, name: undefined }, 400],
      [{ ...optin, email: 'not-an-email' }, 400],
      [{ ...optin, phone: '12' }, 400],
      [{ ...optin, location_id: 'loc_missing' }, 404],
      [{ ...optin, location_id: "'; DROP TABLE contacts; --" }, 400],
      [{ ...optin, funnel_id: 'fn_b' }, 404],
      [{ ...optin, page_id: 'pg_missing' }, 404],
      [{ ...optin, page_id: 'pg_b' }, 404],
      [{ ...optin, funnel_id: '../fn_a' }, 400],
      [{ ...optin, funneEventData: { ...optin.funneEventData, funnel_step_id: 'st_sale' } }, 404],
      [{ ...optin, funneEventData: { ...optin.funneEventData, event_type: 'sale' } }, 400],
      [{ ...optin, eventData: { blob: 'x'.repeat(9000) } }, 400],
      [{ ...optin, forceCreate: 'yes' }, 400],
      [[optin], 400],
    ] as const) {
      const res = await post('/contact', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});

describe('POST /exists', () => {
  it('answers 200 for a free email and 409 for a taken one, case-insensitively', async () => {
    await post('/contact', { ...optin, email: 'taken@example.com' });
    const free = await post('/exists', { email: 'free@example.com', location_id: 'loc_a' });
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual({ msg: 'Email is available' });
    const taken = await post('/exists', { email: 'TAKEN@example.com', location_id: 'loc_a' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ msg: 'A user with this email already exists.' });
    const otherLocation = await post('/exists', { email: 'taken@example.com', location_id: 'loc_b' });
    expect(otherLocation.status).toBe(200);
  });

  it('refuses bad input', async () => {
    for (const [body, status] of [
      [{ email: 'nope', location_id: 'loc_a' }, 400],
      [{ email: 'a@b.co' }, 400],
      [{ email: 'a@b.co', location_id: 'loc_missing' }, 404],
      [{ email: 'a@b.co', location_id: '../../etc' }, 400],
      [{ email: ['a@b.co'], location_id: 'loc_a' }, 400],
    ] as const) {
      const res = await post('/exists', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
  });
});
