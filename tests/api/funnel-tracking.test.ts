import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidFingerprint } from '../../src/lib/ids';
import { count, HOST, post, seedFunnelFixtures } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());

const event = {
  funnel_id: 'fn_a',
  page_id: 'pg_sale',
  funnel_step_id: 'st_sale',
  domain_name: HOST,
  page_url: '/sales/',
  fingerprint: 'fp_visitor1',
  event_type: 'page_view',
};

describe('POST /funnel/event', () => {
  it('stores the event against its funnel step', async () => {
    const res = await post('/funnel/event', { ...event, old_fingerprint: 'garbage{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const row = await env.DB.prepare("SELECT * FROM funnel_events WHERE fingerprint = 'fp_visitor1'").first();
    expect(row).toMatchObject({
      funnel_id: 'fn_a',
      step_id: 'st_sale',
      page_id: 'pg_sale',
      domain_name: HOST,
      page_url: '/sales',
      event_type: 'page_view',
      old_fingerprint: 'garbage{}',
    });
  });

  it('refuses a step of another funnel, a page the step does not show, and unknown ids, writing nothing', async () => {
    const before = await count('funnel_events');
    for (const [patch, status] of [
      [{ funnel_id: 'fn_n' }, 404],
      [{ page_id: 'pg_optin' }, 404],
      [{ funnel_step_id: 'st_nope' }, 404],
      [{ event_type: 'purchase' }, 400],
      [{ funnel_id: '../x' }, 400],
      [{ page_id: "'; DROP TABLE funnel_events; --" }, 400],
      [{ fingerprint: 'has spaces and <tags>' }, 400],
      [{ funnel_step_id: undefined }, 400],
      [{ domain_name: 12 }, 400],
    ] as const) {
      const res = await post('/funnel/event', { ...event, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await count('funnel_events')).toBe(before);
  });
});

describe('POST /session', () => {
  it('records a session of a funnel, form, survey or calendar of the location', async () => {
    const res = await post('/session', { locationId: 'loc_a', type: 'funnel', id: 'fn_a', name: 'Guide funnel', fingerprint: 'fp_visitor1' });
    expect(res.status).toBe(200);
    const { sessionId, sessionFingerprint } = (await res.json()) as { sessionId: string; sessionFingerprint: string };
    expect(sessionId).toMatch(/^ss_/);
    expect(sessionFingerprint).toBe('fp_visitor1');
    const row = await env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(sessionId).first();
    expect(row).toMatchObject({ location_id: 'loc_a', kind: 'funnel', ref_id: 'fn_a', name: 'Guide funnel', fingerprint: 'fp_visitor1' });
  });

  it("records a funnel page visit by the page's id, as the page runtime sends it", async () => {
    const res = await post('/session', { locationId: 'loc_a', type: 'funnel', id: 'pg_sale', name: 'Sales', fingerprint: 'fp_visitor2' });
    expect(res.status).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const row = await env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(sessionId).first();
    expect(row).toMatchObject({ location_id: 'loc_a', kind: 'funnel', ref_id: 'pg_sale', name: 'Sales' });
    expect((await post('/session', { locationId: 'loc_b', type: 'funnel', id: 'pg_sale' })).status).toBe(404);
  });

  it('gives a visitor without a fingerprint one', async () => {
    const res = await post('/session', { locationId: 'loc_a', type: 'funnel', id: 'fn_n' });
    const body = (await res.json()) as { sessionFingerprint: string };
    // One the page runtime keeps: a fingerprint it would not accept is replaced at the next view.
    expect(isValidFingerprint(body.sessionFingerprint)).toBe(true);
  });

  it("refuses another location's funnel, unknown things and bad kinds, writing nothing", async () => {
    const before = await count('sessions');
    for (const [body, status] of [
      [{ locationId: 'loc_b', type: 'funnel', id: 'fn_a' }, 404],
      [{ locationId: 'loc_zz', type: 'funnel', id: 'fn_a' }, 404],
      [{ locationId: 'loc_a', type: 'form', id: 'fm_missing' }, 404],
      [{ locationId: 'loc_a', type: 'page', id: 'fn_a' }, 400],
      [{ locationId: 'loc_a', type: 'funnel' }, 400],
      [{ locationId: '../loc_a', type: 'funnel', id: 'fn_a' }, 400],
      [{ locationId: 'loc_a', type: 'funnel', id: 'fn_a', name: 5 }, 400],
    ] as const) {
      const res = await post('/session', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await count('sessions')).toBe(before);
  });
});
