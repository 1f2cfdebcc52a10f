/**
 * Attribution stored on every record kind (issue 27): the touches the edge's cookies carry
 * reach contacts (first never replaced), submissions, appointments and orders; an embedded
 * widget's touch comes from the host page's parameters embed.js passed; and a widget in a
 * funnel page records that funnel and step, which the results filters read.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { withAttribution } from '../../src/serving/attribution';
import { confirmCard, HOST, post as postJson, postWithStripe, seedFunnelFixtures } from '../support/funnel-fixtures';
import { admin } from './admin-support';
import { book, seedBooking, seedCalendar, CALENDARS, slotAt } from './booking-fixtures';
import { type Loose, multipart, post, seedForm } from './forms-fixtures';

const T = Date.UTC(2026, 10, 1, 12);

/** The Cookie header a browser holds after viewing `url` (with `cookie` before), as the edge answered it. */
function visit(url: string, cookie = '', referrer = 'https://search.example/', at = T): string {
  const answer = withAttribution(
    new Request(url, { headers: { cookie, referer: referrer } }),
    new Response('<p>', { headers: { 'content-type': 'text/html' } }),
    at,
  );
  const jar = new Map(cookie ? cookie.split('; ').map((pair) => pair.split('=') as [string, string]) : []);
  for (const line of answer.headers.getSetCookie()) {
    const [name, value] = (line.split(';')[0] ?? '').split('=');
    if (name && value) jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const FORM = { id: 'frm_attr', locationId: 'loc_w', name: 'Lead form', form: { fields: [{ tag: 'email', label: 'Email', type: 'email', required: true }] } };
const IN_FUNNEL = { funnel_id: 'fn_w', funnel_step_id: 'st_w', page_id: 'pg_w', domain_name: 'w.example.com', page_url: '/join' };

const row = (table: string, id: string) => env.DB.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<Loose>();
const touch = (text: unknown) => JSON.parse(String(text)) as Loose;
const submitForm = (data: Record<string, unknown>, cookie = '') => post('/form', multipart({ formId: 'frm_attr', ...data }), cookie ? { cookie } : {});

beforeAll(async () => {
  await seedBooking();
  await seedForm(FORM);
  await seedCalendar({ ...CALENDARS.cal_a, id: 'cal_attr', slug: 'attr-call' });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO funnels (id, location_id, name, created_at, updated_at) VALUES ('fn_w', 'loc_w', 'Webinar', 0, 0)"),
    env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_w', 'fn_w', 'Join', '/join', 0, 'pg_w')"),
    env.DB.prepare(
      "INSERT INTO pages (id, location_id, funnel_id, step_id, name, draft, version, updated_at) VALUES ('pg_w', 'loc_w', 'fn_w', 'st_w', 'Join', '{}', 1, 0)",
    ),
  ]);
  await seedFunnelFixtures();
});

describe('touches on submissions and contacts', () => {
  const first = visit('https://w.example.com/join?utm_source=newsletter&utm_campaign=spring&gclid=Cj0first');

  it('stores the cookies’ first and last touch on the submission and its new contact', async () => {
    const res = await submitForm({ email: 'attr@example.com' }, first);
    expect(res.status).toBe(200);
    const submission = await row('submissions', ((await res.json()) as Loose).id);
    expect(touch(submission?.first_touch)).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      gclid: 'Cj0first',
      referrer: 'https://search.example/',
      landing: 'https://w.example.com/join?utm_source=newsletter&utm_campaign=spring&gclid=Cj0first',
      at: T,
    });
    expect(submission?.last_touch).toBe(submission?.first_touch);
    const contact = await row('contacts', submission?.contact_id);
    expect(touch(contact?.first_touch).gclid).toBe('Cj0first');
  });

  it('never replaces a contact’s first touch; its last touch follows the latest record', async () => {
    // The same person, another browser, another campaign.
    const other = visit('https://w.example.com/join?utm_source=facebook&fbclid=IwAR2', '', '', T + 86_400_000);
    const res = await submitForm({ email: 'ATTR@example.com' }, other);
    const submission = await row('submissions', ((await res.json()) as Loose).id);
    expect(touch(submission?.first_touch).utm_source).toBe('facebook');
    const contact = await row('contacts', submission?.contact_id);
    expect(touch(contact?.first_touch)).toMatchObject({ utm_source: 'newsletter', at: T });
    expect(touch(contact?.last_touch)).toMatchObject({ utm_source: 'facebook', fbclid: 'IwAR2', at: T + 86_400_000 });
    // A later record without any touch keeps both.
    await submitForm({ email: 'attr@example.com' });
    const after = await row('contacts', submission?.contact_id);
    expect(touch(after?.last_touch).utm_source).toBe('facebook');
  });

  it('takes an embedded widget’s touch from the host page’s parameters that embed.js passed', async () => {
    const res = await submitForm({
      email: 'embedded@example.com',
      eventData: {
        url_params:
          '?utm_source=partner&utm_medium=blog&ef_url=https%3A%2F%2Fpartner.example%2Fpost%3Futm_source%3Dpartner&ef_referrer=https%3A%2F%2Fsearch.example%2F',
        page_url: 'https://host.test/widget/form/frm_attr?utm_source=partner',
        referrer: 'https://partner.example/',
      },
    });
    const submission = await row('submissions', ((await res.json()) as Loose).id);
    expect(touch(submission?.first_touch)).toEqual({
      utm_source: 'partner',
      utm_medium: 'blog',
      landing: 'https://partner.example/post?utm_source=partner',
      referrer: 'https://search.example/',
      at: expect.any(Number),
    });
  });

  it('keeps none under notrack, and none from a forged cookie', async () => {
    const res = await submitForm({ email: 'quiet@example.com', eventData: { url_params: '?utm_source=x&notrack=1' } }, 'ef_ft=%3Cscript%3E; ef_lt=zz');
    const submission = await row('submissions', ((await res.json()) as Loose).id);
    expect(submission?.first_touch).toBeNull();
    expect(submission?.last_touch).toBeNull();
  });
});

describe('a widget inside a funnel page', () => {
  it('records the funnel and step, which the results filters read', async () => {
    const res = await submitForm({ email: 'funnel@example.com', funneEventData: IN_FUNNEL });
    const id = ((await res.json()) as Loose).id;
    expect(await row('submissions', id)).toMatchObject({ funnel_id: 'fn_w', step_id: 'st_w' });
    const byFunnel = (await (await admin('GET', '/submissions?funnel_id=fn_w')).json()) as Loose;
    expect(byFunnel.items.map((item: Loose) => item.id)).toEqual([id]);
    expect(byFunnel.items[0]).toMatchObject({ funnelId: 'fn_w', stepId: 'st_w' });
    const byStep = (await (await admin('GET', '/submissions?step_id=st_w')).json()) as Loose;
    expect(byStep.items.map((item: Loose) => item.id)).toEqual([id]);
  });

  it('keeps no funnel whose step does not show that page or belongs to another seller', async () => {
    const forged = await submitForm({ email: 'forged@example.com', funneEventData: { ...IN_FUNNEL, funnel_step_id: 'st_optin' } });
    expect(await row('submissions', ((await forged.json()) as Loose).id)).toMatchObject({ funnel_id: null, step_id: null });
  });

  it('records the funnel, step and touches of a booking', async () => {
    const cookie = visit('https://w.example.com/join?utm_source=podcast');
    const res = await book('cal_attr', slotAt(3, 10), { funneEventData: IN_FUNNEL }, {}, { cookie });
    expect(res.status).toBe(200);
    const appointment = await env.DB.prepare("SELECT * FROM appointments WHERE calendar_id = 'cal_attr'").first<Loose>();
    expect(appointment).toMatchObject({ funnel_id: 'fn_w', step_id: 'st_w' });
    expect(touch(appointment?.first_touch).utm_source).toBe('podcast');
    const listed = (await (await admin('GET', '/appointments?step_id=st_w')).json()) as Loose;
    expect(listed.items[0]).toMatchObject({ id: appointment?.id, funnelId: 'fn_w', firstTouch: { utm_source: 'podcast' } });
  });
});

describe('opt-ins and orders', () => {
  const cookie = visit(`https://${HOST}/?utm_source=google&utm_medium=cpc&gclid=Cj0order`);
  const inFunnel = { funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin', domain_name: HOST, page_url: '/' };

  it('stores the touches on the opt-in’s contact and on the order', async () => {
    const optin = await postJson(
      '/contact',
      { location_id: 'loc_a', name: 'Oda Buyer', email: 'oda@example.com', fingerprint: 'fp_oda', funnel_id: 'fn_a', funneEventData: inFunnel },
      { headers: { 'content-type': 'application/json', cookie } },
    );
    expect(optin.status).toBe(200);
    const contactId = ((await optin.json()) as Loose).contact.id;
    expect(touch((await row('contacts', contactId))?.first_touch)).toMatchObject({ utm_source: 'google', gclid: 'Cj0order' });

    const setup = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
    const { client_secret } = (await setup.json()) as { client_secret: string };
    await confirmCard(client_secret);
    const paid = await postWithStripe(
      '/v2/funnel/product/pay',
      {
        fingerprint: 'fp_oda',
        paymentMethodId: 'pm_card_visa',
        productList: ['pr_main'],
        locationId: 'loc_a',
        funnelId: 'fn_a',
        stepId: 'st_sale',
        pageId: 'pg_sale',
        source: 'order_form',
        client_secret,
        submissionType: 2,
        // An amount or id among the visitor's strings changes nothing: only the touch's strings are read.
        eventData: { amount: 1 },
      },
      { cookie },
    );
    expect(paid.status).toBe(200);
    const order = await env.DB.prepare('SELECT * FROM orders WHERE contact_id = ?').bind(contactId).first<Loose>();
    expect(order?.amount).toBe(4900);
    expect(touch(order?.first_touch)).toMatchObject({ utm_source: 'google', utm_medium: 'cpc', gclid: 'Cj0order' });
    const listed = (await (await admin('GET', `/orders?funnel_id=fn_a`)).json()) as Loose;
    expect(listed.items.find((item: Loose) => item.id === order?.id)).toMatchObject({ firstTouch: { gclid: 'Cj0order' }, lastTouch: { gclid: 'Cj0order' } });
  });
});
