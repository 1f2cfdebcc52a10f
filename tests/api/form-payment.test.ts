/**
 * Payment on forms against workerd and a real local D1, with Stripe stood in at its network
 * boundary: a form with a payment field and an amount takes a card setup for that form and
 * amount (minor units), the submission is stored only with a setup the provider confirms,
 * and without Stripe configured nothing is stored.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '../../src/platform/app';
import { STRIPE_STAND_IN_HOST } from '../support/stripe-stand-in';
import { API, count, defended, get, type Loose, multipart, post, seedForm, seedLocation } from './forms-fixtures';

const withCards = { ...env, STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_HOST: STRIPE_STAND_IN_HOST };
let ip = 0;

/** A call to the API with card payments configured (Stripe answered by the stand-in). */
async function paidCall(path: string, body: FormData | Record<string, unknown>, bindings: typeof env = withCards): Promise<Response> {
  const ctx = createExecutionContext();
  const isForm = body instanceof FormData;
  const sent = isForm ? await defended(body, 'form') : body;
  ip += 1;
  const request = new Request(`${API}${path}`, {
    method: 'POST',
    headers: { 'cf-connecting-ip': `192.0.2.${ip % 250}`, ...(isForm ? {} : { 'content-type': 'application/json' }) },
    body: sent instanceof FormData ? sent : JSON.stringify(body),
  });
  const res = await platformApi.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function confirmAtStripe(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<void> {
  const id = clientSecret.split('_secret_')[0];
  const res = await fetch(`http://${STRIPE_STAND_IN_HOST}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' },
    body: `payment_method=${paymentMethod}`,
  });
  expect(res.status).toBe(200);
}

const field = (tag: string, type: string, required = true) => ({ tag, label: tag, type, required });
const paidForm = (id: string, payment: unknown) => ({
  id,
  locationId: 'loc_w',
  name: `Form ${id}`,
  form: { fields: [field('email', 'email'), field('deposit', 'payment', false)], payment },
});

beforeAll(async () => {
  await seedLocation();
  await seedForm(paidForm('frm_usd', { amount: 25, currency: 'USD' }));
  await seedForm(paidForm('frm_jpy', { amount: 1500, currency: 'JPY' }));
  // A payment field without an amount, and an amount without a payment field: neither takes a card.
  await seedForm(paidForm('frm_no_amount', undefined));
  await seedForm({ id: 'frm_no_field', locationId: 'loc_w', name: 'No field', form: { fields: [field('email', 'email')], payment: { amount: 9 } } });
});

async function confirmedCard(formId: string): Promise<Loose> {
  const res = await paidCall('/form/setup-intent', { formId });
  expect(res.status).toBe(200);
  const { client_secret } = (await res.json()) as Loose;
  await confirmAtStripe(client_secret);
  return { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret } };
}

const submit = (formId: string, email: string, extra: Loose = {}, bindings?: typeof env) => paidCall('/form', multipart({ formId, email, ...extra }), bindings);

const submissionsOf = (formId: string) => env.DB.prepare('SELECT payment, setup_intent_id FROM submissions WHERE ref_id = ?').bind(formId).all<Loose>();

describe('a form with a payment field and an amount', () => {
  it('sets up the card for the form and its amount in minor units', async () => {
    const log = async () => ((await (await fetch(`http://${STRIPE_STAND_IN_HOST}/__log`)).json()) as Loose[]).filter((r) => r.path === '/v1/setup_intents');
    const before = (await log()).length;
    expect((await paidCall('/form/setup-intent', { formId: 'frm_usd' })).status).toBe(200);
    expect((await paidCall('/form/setup-intent', { formId: 'frm_jpy' })).status).toBe(200);
    const made = (await log())
      .slice(before)
      .map((r) => ({ amount: r.params['metadata[amount]'], currency: r.params['metadata[currency]'], form: r.params['metadata[form_id]'] }));
    expect(made).toEqual([
      { amount: '2500', currency: 'usd', form: 'frm_usd' },
      { amount: '1500', currency: 'jpy', form: 'frm_jpy' },
    ]);
  });

  it('stores the submission with the verified setup, once per setup', async () => {
    const card = await confirmedCard('frm_usd');
    const res = await submit('frm_usd', 'payer@example.com', card);
    expect(res.status).toBe(200);
    const rows = (await submissionsOf('frm_usd')).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.setup_intent_id).toBe(card.stripePaymentResult.client_secret.split('_secret_')[0]);
    expect(JSON.parse(rows[0]?.payment)).toMatchObject({ amount: '2500', currency: 'usd' });
    const again = await submit('frm_usd', 'again@example.com', card);
    expect(again.status).toBe(409);
    expect((await submissionsOf('frm_usd')).results).toHaveLength(1);
  });

  it('stores nothing without a card, with an unconfirmed setup, or with a setup of another form', async () => {
    const contacts = await count('contacts');
    const none = await submit('frm_usd', 'nocard@example.com');
    expect(none.status).toBe(400);
    expect(((await none.json()) as Loose).msg).toBe('Card payment is required to send this form.');
    const unconfirmed = (await (await paidCall('/form/setup-intent', { formId: 'frm_usd' })).json()) as Loose;
    const fake = { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: unconfirmed.client_secret } };
    expect((await submit('frm_usd', 'unconfirmed@example.com', fake)).status).toBe(402);
    // A setup made for the JPY form (another form, another amount) does not pay for this one.
    const other = await confirmedCard('frm_jpy');
    const wrong = await submit('frm_usd', 'wrong@example.com', other);
    expect(wrong.status).toBe(402);
    expect(((await wrong.json()) as Loose).msg).toBe('We could not verify your card for this form. Please enter your card again.');
    expect(await count('contacts')).toBe(contacts);
  });

  it('stores nothing while Stripe is not configured, and GET /form says cards are unavailable', async () => {
    const contacts = await count('contacts');
    const res = await submit('frm_usd', 'unconfigured@example.com', {}, env);
    expect(res.status).toBe(503);
    expect(((await res.json()) as Loose).msg).toBe('Card payments are not configured for this seller.');
    expect(await count('contacts')).toBe(contacts);
    const view = ((await (await get('/form/frm_usd')).json()) as Loose).paymentView;
    expect(view).toEqual({ amount: 2500, currency: 'USD', publishable_key: '' });
  });
});

describe('forms that take no payment', () => {
  it('ignore a payment field without an amount, and an amount without a payment field', async () => {
    for (const formId of ['frm_no_amount', 'frm_no_field']) {
      expect(((await (await get(`/form/${formId}`)).json()) as Loose).paymentView).toBeNull();
      expect((await post('/form', multipart({ formId, email: `${formId}@example.com` }))).status).toBe(200);
      expect((await paidCall('/form/setup-intent', { formId })).status).toBe(400);
    }
  });
});
