/**
 * Abuse of the public funnel calls (issue 32): forged conversions and floods from one
 * address. A page may report views only; opt-ins, sales and upsells are the server's rows.
 * The unique-email check, the opt-in and the page's events are rate-limited per client
 * address (and the email check per location), answering 429 and storing nothing.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_HEADER } from '../../src/platform/clock';
import { count, HOST, post, seedFunnelFixtures } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());

const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const TOO_MANY = { msg: 'Too many requests. Please wait a few minutes and try again.' };
const from = (ip: string, now = NOW) => ({ headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, [TEST_CLOCK_HEADER]: String(now) } });

const view = {
  funnel_id: 'fn_a',
  page_id: 'pg_sale',
  funnel_step_id: 'st_sale',
  domain_name: HOST,
  page_url: '/sales',
  fingerprint: 'fp_abuse',
  event_type: 'page_view',
};
const optin = (email: string) => ({ location_id: 'loc_a', name: 'Flood', email });

describe('event types a page may send', () => {
  it('refuses sales, upsells and opt-ins from the browser, naming the allowed types, and stores nothing', async () => {
    const before = await count('funnel_events');
    for (const type of ['sale', 'upsell', 'optin']) {
      const res = await post('/funnel/event', { ...view, event_type: type });
      expect(res.status, type).toBe(400);
      expect(await res.json()).toEqual({
        msg: 'event_type: must be one of page_view; opt-ins, sales and upsells are recorded by the server',
        field: 'event_type',
      });
    }
    expect(await count('funnel_events')).toBe(before);
  });

  it("keeps the page's views apart from the conversions the server records", async () => {
    expect((await post('/funnel/event', { ...view, fingerprint: 'fp_source' })).status).toBe(200);
    const contact = await post('/contact', {
      ...optin('source@example.com'),
      funnel_id: 'fn_a',
      page_id: 'pg_optin',
      funneEventData: { domain_name: HOST, page_url: '/', funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin', fingerprint: 'fp_source' },
    });
    expect(contact.status).toBe(200);
    const rows = await env.DB.prepare("SELECT event_type, source FROM funnel_events WHERE fingerprint = 'fp_source' ORDER BY id").all();
    expect(rows.results).toEqual([
      { event_type: 'page_view', source: 'browser' },
      { event_type: 'optin', source: 'server' },
    ]);
  });
});

describe('rate limits', () => {
  it('/funnel/event: 120 views per address in 10 minutes, then 429 storing nothing', async () => {
    const ip = '192.0.2.10';
    const answers = await Promise.all(Array.from({ length: 120 }, () => post('/funnel/event', view, from(ip))));
    expect(answers.map((res) => res.status)).toEqual(Array(120).fill(200));
    const before = await count('funnel_events');
    const refused = await post('/funnel/event', view, from(ip));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(await count('funnel_events')).toBe(before);
    expect((await post('/funnel/event', view, from('192.0.2.11'))).status).toBe(200);
    expect((await post('/funnel/event', view, from(ip, NOW + 10 * 60_000))).status).toBe(200);
  });

  it('/contact: 20 opt-ins per address in 10 minutes, then 429 storing nothing', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < 20; i++) expect((await post('/contact', optin(`flood${i}@example.com`), from(ip))).status).toBe(200);
    const refused = await post('/contact', optin('flood20@example.com'), from(ip));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM contacts WHERE email = 'flood20@example.com'").first('n')).toBe(0);
    expect((await post('/contact', optin('flood20@example.com'), from('192.0.2.21'))).status).toBe(200);
  });

  it('/exists: 10 checks per address in 10 minutes', async () => {
    const ip = '192.0.2.30';
    const check = (i: number) => post('/exists', { email: `probe${i}@example.com`, location_id: 'loc_a' }, from(ip, NOW + 60 * 60_000));
    for (let i = 0; i < 10; i++) expect((await check(i)).status).toBe(200);
    const refused = await check(10);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
  });

  it('/exists: 100 checks per location in a minute, from any number of addresses', async () => {
    const at = NOW + 2 * 60 * 60_000;
    const check = (i: number, location = 'loc_b') => post('/exists', { email: `spread${i}@example.com`, location_id: location }, from(`198.18.0.${i}`, at));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => check(i)));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    const refused = await check(100);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect((await check(101, 'loc_a')).status).toBe(200);
  });
});
