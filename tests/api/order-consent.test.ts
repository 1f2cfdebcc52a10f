/**
 * Proof of consent of the order forms (issue 27): the opt-in step's consent box and the
 * payment step's terms box, their text read from the published page's element, recorded
 * with the contact and the order, named by id in the results rows and the CSV export.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmCard, HOST, post, postWithStripe, seedFunnelFixtures, stripeLog } from '../support/funnel-fixtures';
import { admin } from './admin-support';
import type { Loose } from './forms-fixtures';

const CONSENT = 'Yes, email me the weekly tips. I can unsubscribe at any time.';
const TERMS = 'I accept the terms of sale and the refund policy.';
const VISITOR = {
  'content-type': 'application/json',
  'user-agent': 'Mozilla/5.0 (OrderConsent)',
  'accept-language': 'fr-FR,fr;q=0.9',
  'cf-connecting-ip': '198.51.100.9',
};

const orderElement = {
  id: 'ord_two',
  type: 'element',
  meta: 'two-setp-order',
  tagName: 'c-two-setp-order',
  child: [],
  extra: { step1: { consentText: CONSENT, buttonText: 'Next' }, step2: { termsText: TERMS } },
};
const salePage = JSON.stringify({
  pageId: 'pg_sale',
  pageName: 'Sales',
  elements: [{ id: 'sec_1', type: 'section', meta: 'section', tagName: 'c-section', child: [{ id: 'row_1', type: 'row', child: [orderElement] }], extra: {} }],
  popups: [],
});

const records = (kind: string, subjectId: string) =>
  env.DB.prepare('SELECT * FROM consent_records WHERE subject_kind = ? AND subject_id = ?')
    .bind(kind, subjectId)
    .all<Loose>()
    .then((r) => r.results);

const inFunnel = { funnel_id: 'fn_a', page_id: 'pg_sale', funnel_step_id: 'st_sale', domain_name: HOST, page_url: '/sales' };

async function optIn(email: string, consent?: { element_id: string; checked: boolean }): Promise<string> {
  const res = await post(
    '/contact',
    {
      location_id: 'loc_a',
      name: 'Terms Buyer',
      email,
      fingerprint: `fp_${email.split('@')[0]}`,
      funnel_id: 'fn_a',
      page_id: 'pg_sale',
      funneEventData: inFunnel,
      eventData: { page_url: `https://${HOST}/sales?utm_source=x` },
      ...(consent ? { consent } : {}),
    },
    { headers: VISITOR },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Loose).contact.id;
}

async function pay(fingerprint: string, terms?: { element_id: string; checked: boolean }) {
  const setup = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
  const { client_secret } = (await setup.json()) as { client_secret: string };
  await confirmCard(client_secret);
  return postWithStripe(
    '/v2/funnel/product/pay',
    {
      fingerprint,
      paymentMethodId: 'pm_card_visa',
      productList: ['pr_main'],
      locationId: 'loc_a',
      funnelId: 'fn_a',
      stepId: 'st_sale',
      pageId: 'pg_sale',
      client_secret,
      submissionType: 2,
      eventData: { page_url: `https://${HOST}/sales` },
      ...(terms ? { terms } : {}),
    },
    VISITOR,
  );
}

beforeAll(async () => {
  await seedFunnelFixtures();
  await env.DB.prepare('UPDATE pages SET published = ?, version = 4 WHERE id = ?').bind(salePage, 'pg_sale').run();
});

describe('the opt-in step’s consent box', () => {
  it('records the published text, the box’s state and who sent it, with the contact as its subject', async () => {
    const contactId = await optIn('ticked@example.com', { element_id: 'ord_two', checked: true });
    const [row] = await records('optin', contactId);
    expect(row).toMatchObject({
      contact_id: contactId,
      location_id: 'loc_a',
      text: CONSENT,
      page_id: 'pg_sale',
      page_version: 4,
      page_url: `https://${HOST}/sales?utm_source=x`,
      ip: '198.51.100.9',
      user_agent: 'Mozilla/5.0 (OrderConsent)',
      language: 'fr-FR',
    });
    expect(JSON.parse(row?.checks)).toEqual([{ field: 'consent', label: CONSENT, checked: true }]);
    const unticked = await optIn('unticked@example.com', { element_id: 'ord_two', checked: false });
    expect(JSON.parse((await records('optin', unticked))[0]?.checks)[0].checked).toBe(false);
  });

  it('records nothing for an element the page does not have, or without a box', async () => {
    expect(await records('optin', await optIn('forged@example.com', { element_id: 'sec_1', checked: true }))).toEqual([]);
    expect(await records('optin', await optIn('plain@example.com'))).toEqual([]);
  });
});

describe('the payment step’s terms box', () => {
  it('must be ticked: 400 and nothing charged otherwise', async () => {
    await optIn('late@example.com');
    const intents = async () => (await stripeLog()).filter((r) => r.path.includes('payment_intents')).length;
    const charges = await intents();
    for (const terms of [undefined, { element_id: 'ord_two', checked: false }]) {
      const res = await pay('fp_late', terms);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Loose).msg).toBe('Please accept the terms to continue.');
    }
    expect(await intents()).toBe(charges);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM orders o JOIN contacts c ON c.id = o.contact_id WHERE c.email = 'late@example.com'").first('n'),
    ).toBe(0);
  });

  it('is recorded with the order, which the results rows and the CSV export name by id', async () => {
    const contactId = await optIn('buyer@example.com', { element_id: 'ord_two', checked: true });
    const res = await pay('fp_buyer', { element_id: 'ord_two', checked: true });
    expect(res.status).toBe(200);
    const order = await env.DB.prepare('SELECT id FROM orders WHERE contact_id = ?').bind(contactId).first<{ id: string }>();
    const [row] = await records('order', String(order?.id));
    expect(row).toMatchObject({ contact_id: contactId, text: TERMS, page_version: 4, ip: '198.51.100.9' });
    expect(JSON.parse(row?.checks)).toEqual([{ field: 'terms', label: TERMS, checked: true }]);

    const listed = (await (await admin('GET', '/orders?funnel_id=fn_a')).json()) as Loose;
    expect(listed.items.find((item: Loose) => item.id === order?.id).consents).toEqual([{ id: row?.id, checks: [{ field: 'terms', checked: true }] }]);
    const contact = (await (await admin('GET', '/contacts?q=buyer@example.com')).json()) as Loose;
    expect(contact.items[0].consents.map((c: Loose) => c.id)).toHaveLength(2);
    const csv = await (await admin('GET', '/orders/export?format=csv&funnel_id=fn_a')).text();
    expect(csv.split('\r\n')[0]).toMatch(/,consent$/);
    expect(csv).toContain(`${row?.id} (terms: checked)`);
  });
});
