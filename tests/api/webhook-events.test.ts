/**
 * Each webhook event, fired by the real public call that causes it, travels through the
 * outbox, the edgefunnel-webhooks queue (miniflare's) and its consumer to the receiver, signed
 * per Standard Webhooks; its data is the record as the results API shapes it.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { manageToken } from '../../src/platform/services/appointment-access';
import { confirmCard, HOST, post as funnelPost, postWithStripe, seedFunnelFixtures } from '../support/funnel-fixtures';
import { admin } from './admin-support';
import { book, seedBooking, slotAt } from './booking-fixtures';
import { type Loose, multipart, post, seedForm, seedSurvey } from './forms-fixtures';
import { eventsAt, putEndpoint, type ReceivedEvent } from './webhook-support';

const PATH = '/ok/events-all';

/** Waits until the receiver got an event of `type` matching `match`, and answers it. */
async function arrived(type: string, match: (e: ReceivedEvent) => boolean = () => true): Promise<ReceivedEvent> {
  return vi.waitFor(
    async () => {
      const found = (await eventsAt(PATH)).find((e) => e.type === type && match(e));
      if (!found) throw new Error(`no ${type} yet`);
      return found;
    },
    { timeout: 20_000, interval: 200 },
  );
}

beforeAll(async () => {
  await seedFunnelFixtures();
  await seedBooking();
  await seedForm({
    id: 'frm_hook',
    locationId: 'loc_w',
    name: 'Hook form',
    form: {
      fields: [
        { tag: 'email', label: 'Email', type: 'email', required: true },
        { tag: 'goal', label: 'Your goal', fieldName: 'Goal', type: 'text' },
        { tag: 'terms', label: 'I agree to the terms', fieldName: 'Terms', type: 'checkbox', required: true },
        { type: 'submit', label: 'Send' },
      ],
    },
  });
  await seedSurvey({
    id: 'srv_hook',
    locationId: 'loc_w',
    name: 'Hook survey',
    formData: {
      form: { formAction: { disqualifiedType: '2', disqualifiedText: 'Sorry', endsurveyText: '' } },
      slides: [
        {
          id: 's1',
          slideName: 'Goal',
          slideData: [{ tag: 'goal', label: 'Your goal', type: 'single_options', required: true, picklistOptions: ['Strength', 'Nothing'] }],
          logic: { goal: [{ optionName: 'Nothing', index: 1, id: 'disqualify' }] },
        },
        { id: 's2', slideName: 'Contact', slideData: [{ tag: 'email', label: 'Email', type: 'email', required: true }] },
      ],
    },
  });
  await putEndpoint('wh_events', PATH);
});

describe('webhook events from the public calls', () => {
  it('an opt-in sends contact.created, and the same email again contact.updated, with the contact record', async () => {
    const optIn = (name: string) =>
      funnelPost('/contact', {
        location_id: 'loc_a',
        name,
        email: 'hook.optin@example.com',
        funnel_id: 'fn_a',
        funneEventData: { funnel_id: 'fn_a', page_id: 'pg_optin', funnel_step_id: 'st_optin', domain_name: HOST, page_url: '/' },
      });
    const first = (await (await optIn('Hana Hook')).json()) as Loose;
    const created = await arrived('contact.created', (e) => e.data.id === first.contact.id);
    expect(created.data).toMatchObject({ id: first.contact.id, email: 'hook.optin@example.com', name: 'Hana Hook', locationId: 'loc_a' });
    expect(created.headers['webhook-id']).toBe(created.id);
    expect(created.id).toMatch(/^evt_/);
    await optIn('Hana Hooked');
    const updated = await arrived('contact.updated', (e) => e.data.id === first.contact.id);
    expect(updated.data.name).toBe('Hana Hooked');
    expect(updated.id).not.toBe(created.id);
  });

  it('a form submission sends form.submitted with the answers by label and the consent record ids', async () => {
    const res = await post('/form', multipart({ formId: 'frm_hook', email: 'hook.form@example.com', goal: 'Run a marathon', terms: true }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as Loose;
    const event = await arrived('form.submitted', (e) => e.data.id === id);
    expect(event.data).toMatchObject({ id, kind: 'form', refId: 'frm_hook', status: 'qualified', contact: { email: 'hook.form@example.com' } });
    expect(event.data.answers).toMatchObject({ Email: 'hook.form@example.com', 'Your goal': 'Run a marathon' });
    const consent = await env.DB.prepare('SELECT id FROM consent_records WHERE subject_id = ?').bind(id).first<{ id: string }>();
    expect(consent).not.toBeNull();
    expect(event.data.consentIds).toEqual([consent?.id]);
    await arrived('contact.created', (e) => e.data.email === 'hook.form@example.com');
  });

  it('a survey submission sends survey.submitted, saying whether it disqualified', async () => {
    for (const [goal, email] of [
      ['Strength', 'hook.fit@example.com'],
      ['Nothing', 'hook.out@example.com'],
    ]) {
      const res = await post('/survey', multipart({ formId: 'srv_hook', goal, email }));
      expect(res.status).toBe(200);
    }
    // The disqualifying answer ends the survey before its contact slide.
    const kept = await arrived('survey.submitted', (e) => e.data.answers['Your goal'] === 'Strength');
    const out = await arrived('survey.submitted', (e) => e.data.answers['Your goal'] === 'Nothing');
    expect(kept.data).toMatchObject({ disqualified: false, status: 'qualified', answers: { 'Your goal': 'Strength' } });
    expect(out.data).toMatchObject({ disqualified: true, status: 'disqualified' });
  });

  it('booking, moving, noting and cancelling an appointment send appointment.booked, .rescheduled, .note and .cancelled', async () => {
    const first = slotAt(9, 10);
    const res = await book('cal_a', first, { email: 'hook.book@example.com' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as Loose;
    const token = await manageToken(env, id);
    const booked = await arrived('appointment.booked', (e) => e.data.id === id);
    expect(booked.data).toMatchObject({ id, calendarId: 'cal_a', status: 'booked', contact: { email: 'hook.book@example.com' } });
    expect(Date.parse(booked.data.startTime)).toBe(Date.parse(first));

    const next = slotAt(9, 12);
    expect((await post('/appointment', { event_id: id, selected_slot: next, timezone: 'America/New_York', calendar_id: 'cal_a', token })).status).toBe(200);
    const moved = await arrived('appointment.rescheduled', (e) => e.data.id === id);
    expect(Date.parse(moved.data.startTime)).toBe(Date.parse(next));
    expect(Date.parse(moved.data.previousStartTime)).toBe(Date.parse(first));

    expect((await post(`/appointment/${id}/note`, { notes: 'Bring the X-rays', token })).status).toBe(200);
    expect((await arrived('appointment.note', (e) => e.data.id === id)).data.notes).toBe('Bring the X-rays');

    expect((await post(`/appointment/${id}/cancel`, { reason: 'Something came up', token })).status).toBe(200);
    expect((await arrived('appointment.cancelled', (e) => e.data.id === id)).data.status).toBe('cancelled');
    // Cancelling again changes nothing and reports nothing.
    expect((await post(`/appointment/${id}/cancel`, { reason: 'again', token })).status).toBe(409);
    const cancelled = await env.DB.prepare("SELECT count(*) AS n FROM webhook_events WHERE type = 'appointment.cancelled' AND record_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(cancelled?.n).toBe(1);
  });

  it('a card payment sends order.paid with the items and amounts of the order; a declined card payment.failed', async () => {
    await funnelPost('/contact', { location_id: 'loc_a', name: 'Pay Hook', email: 'hook.pay@example.com', fingerprint: 'fp_hook' });
    const pay = async (paymentMethod: string) => {
      const setup = await postWithStripe('/v2/funnel/product/setup-intent', { locationId: 'loc_a' });
      const { client_secret } = (await setup.json()) as { client_secret: string };
      await confirmCard(client_secret, paymentMethod);
      return postWithStripe('/v2/funnel/product/pay', {
        fingerprint: 'fp_hook',
        paymentMethodId: paymentMethod,
        productList: ['pr_main'],
        locationId: 'loc_a',
        funnelId: 'fn_a',
        stepId: 'st_sale',
        pageId: 'pg_sale',
        source: 'order_form',
        client_secret,
        submissionType: 2,
      });
    };
    const paid = await pay('pm_card_visa');
    expect(paid.status).toBe(200);
    const orderId = ((await paid.json()) as Loose).logs[0].id;
    const event = await arrived('order.paid', (e) => e.data.id === orderId);
    const order = await env.DB.prepare('SELECT amount, currency FROM orders WHERE id = ?').bind(orderId).first<{ amount: number; currency: string }>();
    expect(event.data).toMatchObject({ id: orderId, status: 'paid', amount: order?.amount, currency: order?.currency, funnelId: 'fn_a', stepId: 'st_sale' });
    expect(event.data.items.map((i: Loose) => i.productId)).toEqual(['pr_main']);

    expect((await pay('pm_card_chargeDeclined')).status).toBe(402);
    const failed = await arrived('payment.failed');
    expect(failed.data).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', items: [{ productId: 'pr_main' }] });
  });

  it('erasing a contact sends contact.erased once', async () => {
    const res = await post('/form', multipart({ formId: 'frm_hook', email: 'hook.erase@example.com', terms: true }));
    const contactId = ((await res.json()) as Loose).contact.id;
    expect((await admin('DELETE', `/contacts/${contactId}`)).status).toBe(200);
    const erased = await arrived('contact.erased', (e) => e.data.id === contactId);
    expect(erased.data.email).toBe('');
    expect(erased.data.erasedAt).toMatch(/^\d{4}-/);
    expect((await admin('DELETE', `/contacts/${contactId}`)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM webhook_events WHERE type = 'contact.erased' AND record_id = ?")
      .bind(contactId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});
