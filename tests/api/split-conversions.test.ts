/**
 * Conversions carry the variant (issue 28): opt-ins, form submissions, bookings and orders made
 * on the test's step or a later one carry the visitor's test and variant, read from the
 * variant cookie on the public call; an earlier step, a stopped test or a cookie naming no
 * variant of the test tags nothing. A variant's own page counts as its step's page.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmCard, HOST, post, postWithStripe, seedFunnelFixtures } from '../support/funnel-fixtures';
import { book, seedBooking, slotAt } from './booking-fixtures';
import { post as postWidget, multipart, seedForm } from './forms-fixtures';

const COOKIE = 'fingerprint=0b8f3c1e-5d2a-4c7b-9e6f-1a2b3c4d5e6f; ef_x_exp_s=b';

/** The sales step's test: control pg_sale, variant b on pg_sale_b. */
async function seedSalesTest(status = 'running'): Promise<void> {
  const doc = {
    id: 'exp_s',
    funnelId: 'fn_a',
    stepId: 'st_sale',
    status,
    winnerVariantId: null,
    variants: [
      { id: 'control', pageId: 'pg_sale', weight: 50 },
      { id: 'b', pageId: 'pg_sale_b', weight: 50 },
    ],
  };
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO pages (id, location_id, funnel_id, name, draft, published, version, updated_at)
       VALUES ('pg_sale_b', 'loc_a', 'fn_a', 'Sales B', '{"pageId":"pg_sale_b","elements":[]}', '{"pageId":"pg_sale_b","elements":[]}', 1, 0)`,
    ),
    env.DB.prepare(
      `INSERT INTO experiments (id, funnel_id, step_id, status, salt, started_at, doc, created_at, updated_at)
       VALUES ('exp_s', 'fn_a', 'st_sale', ?1, 'salt_test', 1, ?2, 0, 0)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, doc = excluded.doc`,
    ).bind(status, JSON.stringify(doc)),
  ]);
}

const tagOf = (table: string, where: string, ...binds: unknown[]) =>
  env.DB.prepare(`SELECT experiment_id, variant_id FROM ${table} WHERE ${where} ORDER BY rowid DESC LIMIT 1`)
    .bind(...binds)
    .first<{ experiment_id: string | null; variant_id: string | null }>();

const event = (step: string, page: string) => ({ funnel_id: 'fn_a', funnel_step_id: step, page_id: page, domain_name: HOST, page_url: '/' });

function optIn(email: string, step: string, page: string, cookie?: string) {
  return post(
    '/contact',
    { location_id: 'loc_a', name: 'Ann Lee', email, funnel_id: 'fn_a', funneEventData: event(step, page) },
    { headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
  );
}

beforeAll(async () => {
  await seedFunnelFixtures();
  await seedSalesTest();
});

describe('records made in a split test carry its variant', () => {
  it("accepts the variant's page as its step's page in the page's own calls", async () => {
    const view = { ...event('st_sale', 'pg_sale_b'), fingerprint: 'fp_b', event_type: 'page_view' };
    expect((await post('/funnel/event', view)).status).toBe(200);
    expect((await post('/funnel/event', { ...view, page_id: 'pg_unpub' })).status).toBe(404);
  });

  it('tags an opt-in on the test step and after it, not one before it nor one without the cookie', async () => {
    expect((await optIn('on@example.com', 'st_sale', 'pg_sale_b', COOKIE)).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
    expect((await optIn('after@example.com', 'st_thanks', 'pg_thanks', COOKIE)).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin' AND step_id = 'st_thanks'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
    expect((await optIn('before@example.com', 'st_optin', 'pg_optin', COOKIE)).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin' AND step_id = 'st_optin'")).toEqual({ experiment_id: null, variant_id: null });
    expect((await optIn('none@example.com', 'st_up', 'pg_up')).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin' AND step_id = 'st_up'")).toEqual({ experiment_id: null, variant_id: null });
    // A cookie naming no variant of the test is no tag.
    expect((await optIn('forged@example.com', 'st_up', 'pg_up', 'ef_x_exp_s=zz')).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin' AND step_id = 'st_up'")).toEqual({ experiment_id: null, variant_id: null });
  });

  it('tags a form submission and its opt-in event made on a later step', async () => {
    await seedForm({
      id: 'frm_s',
      locationId: 'loc_a',
      name: 'Questions',
      form: { fields: [{ tag: 'email', label: 'Email', type: 'email', required: true }] },
    });
    const body = multipart({ formId: 'frm_s', location_id: 'loc_a', email: 'form@example.com', funneEventData: event('st_up', 'pg_up') });
    const res = await postWidget('/form', body, { cookie: COOKIE });
    expect(res.status).toBe(200);
    expect(await tagOf('submissions', "ref_id = 'frm_s'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
  });

  it('tags a submission of a framed widget by the variants its embed loader relays (x-ef-variants)', async () => {
    const body = multipart({ formId: 'frm_s', location_id: 'loc_a', email: 'framed@example.com' });
    expect((await postWidget('/form', body, { 'x-ef-variants': 'ef_x_exp_s=b; ef_x_other=zz' })).status).toBe(200);
    expect(await tagOf('submissions', "ref_id = 'frm_s'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
    // A malformed header is no tag.
    const bad = multipart({ formId: 'frm_s', location_id: 'loc_a', email: 'bad@example.com' });
    expect((await postWidget('/form', bad, { 'x-ef-variants': 'ef_x_exp_s=<b>' })).status).toBe(200);
    expect(await tagOf('submissions', "ref_id = 'frm_s'")).toEqual({ experiment_id: null, variant_id: null });
  });

  it('tags a booking made by a visitor in the test', async () => {
    await seedBooking();
    const res = await book('cal_a', slotAt(3, 10), { funneEventData: event('st_thanks', 'pg_thanks') }, {}, { cookie: COOKIE });
    expect(res.status).toBe(200);
    expect(await tagOf('appointments', "calendar_id = 'cal_a'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
  });

  it('tags an order made on the variant page, and its sale', async () => {
    const setup = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
    const { client_secret } = (await setup.json()) as { client_secret: string };
    await confirmCard(client_secret);
    const order = {
      fingerprint: 'fp_buyer_b',
      paymentMethodId: 'pm_card_visa',
      productList: ['pr_main'],
      locationId: 'loc_a',
      funnelId: 'fn_a',
      stepId: 'st_sale',
      pageId: 'pg_sale_b',
      source: 'order_form',
      client_secret,
      submissionType: 2,
    };
    const res = await postWithStripe('/v2/funnel/product/pay', order, { cookie: COOKIE });
    expect(res.status).toBe(200);
    expect(await tagOf('orders', "fingerprint = 'fp_buyer_b'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
    expect(await tagOf('funnel_events', "event_type = 'sale' AND page_id = 'pg_sale_b'")).toEqual({ experiment_id: 'exp_s', variant_id: 'b' });
  });

  it('tags nothing once the test is stopped', async () => {
    await seedSalesTest('stopped');
    expect((await optIn('late@example.com', 'st_thanks', 'pg_thanks', COOKIE)).status).toBe(200);
    expect(await tagOf('funnel_events', "event_type = 'optin' AND step_id = 'st_thanks'")).toEqual({ experiment_id: null, variant_id: null });
  });
});
