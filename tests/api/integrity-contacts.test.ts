/**
 * Contacts under races and hostile input, against the real worker and a real local D1:
 * a phone-only contact is one per location however many opt-ins arrive at once, an opt-in
 * writes all or nothing, control characters never reach a stored contact, and the
 * opt-in's lead and session_d flags are kept.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, HOST, post, seedFunnelFixtures } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());
afterEach(() => env.DB.prepare('DROP TRIGGER IF EXISTS fail_optin_event').run());

const optin = (extra: Record<string, unknown> = {}) => ({
  location_id: 'loc_a',
  name: 'Pat Phone',
  email: '',
  page_id: 'pg_optin',
  funnel_id: 'fn_a',
  funneEventData: { event_type: 'optin', domain_name: HOST, page_url: '/', funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin' },
  ...extra,
});

const contactsWith = (column: string, value: string) => env.DB.prepare(`SELECT COUNT(*) AS n FROM contacts WHERE ${column} = ?`).bind(value).first<number>('n');

describe('phone-only contacts', () => {
  it('100 concurrent opt-ins with one phone and no email create one contact', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post('/contact', optin({ phone: '(202) 555-0188', name: `Pat ${i}` }))));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (res) => ((await res.json()) as { contact: { id: string } }).contact.id)));
    expect(ids.size).toBe(1);
    expect(await contactsWith('phone', '+12025550188')).toBe(1);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM funnel_events WHERE event_type = 'optin' AND contact_id = ?")
        .bind([...ids][0])
        .first('n'),
    ).toBe(100);
  });

  it('finds the contact by the normalised number whichever way it is written', async () => {
    for (const phone of ['202-555-0177', '+1 (202) 555 0177', '2025550177']) expect((await post('/contact', optin({ phone }))).status).toBe(200);
    expect(await contactsWith('phone', '+12025550177')).toBe(1);
  });
});

describe('an opt-in writes all or nothing', () => {
  it('leaves no contact or session behind when its event cannot be stored, and a retry succeeds', async () => {
    await env.DB.prepare("CREATE TRIGGER fail_optin_event BEFORE INSERT ON funnel_events BEGIN SELECT RAISE(ABORT, 'disk full'); END").run();
    const before = await Promise.all(['contacts', 'sessions', 'funnel_events'].map(count));
    const failed = await post('/contact', optin({ email: 'half@example.com', phone: '' }));
    expect(failed.status).toBe(500);
    expect(await Promise.all(['contacts', 'sessions', 'funnel_events'].map(count))).toEqual(before);

    await env.DB.prepare('DROP TRIGGER fail_optin_event').run();
    const retry = await post('/contact', optin({ email: 'half@example.com', phone: '' }));
    expect(retry.status).toBe(200);
    expect(await contactsWith('email', 'half@example.com')).toBe(1);
  });
});

describe('control characters and broken text', () => {
  it.each([
    ['an email with NUL', { email: 'n\u0000ul@example.com' }],
    ['an email with a lone surrogate', { email: 'a\uD83Db@example.com' }],
    ['a name with a line break', { name: 'Ann\nLee', email: 'ann.nl@example.com' }],
    ['a city with an escape character', { city: 'Austin\u001B[31m', email: 'ann.esc@example.com' }],
    ['a phone with NUL', { phone: '202555\u00000123' }],
  ])('refuses %s with a 400 and stores nothing', async (_name, extra) => {
    const before = await count('contacts');
    const res = await post('/contact', optin(extra));
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    expect(await count('contacts')).toBe(before);
  });
});

describe('lead and session_d', () => {
  it('are stored on the contact', async () => {
    const res = await post('/contact', optin({ email: 'flags@example.com', lead: false, session_d: 1 }));
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT is_lead, email_validation FROM contacts WHERE email = 'flags@example.com'").first();
    expect(row).toEqual({ is_lead: 0, email_validation: 1 });
  });
});
