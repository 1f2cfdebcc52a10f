/**
 * Booking integrity under races and bad card results, against workerd and a real local
 * D1: overlapping slots, payment-step holds, paid calendars verified with the card
 * provider (the Stripe stand-in at its network boundary), atomic moves and contacts.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '../../src/platform/app';
import { STRIPE_STAND_IN_HOST } from '../support/stripe-stand-in';
import { createI18n } from '../../src/lib/i18n';
import { HOLD_MS, holdToken } from '../../src/platform/services/booking-holds';
import { loadBookingWidget, readBookingQuery } from '../../src/widgets/booking/load';
import { book, CALENDARS, CONTACT, seedBooking, seedCalendar, slotAt } from './booking-fixtures';
import { API, at, count, defended, get, type Loose, multipart, post } from './forms-fixtures';

beforeAll(seedBooking);

const msg = async (res: Response) => ((await res.json()) as { msg: string }).msg;
const withCards = { ...env, STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_HOST: STRIPE_STAND_IN_HOST };

/** A call to the API with card payments configured (Stripe answered by the stand-in). */
async function paidCall(path: string, body: FormData | Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const isForm = body instanceof FormData;
  // A booking carries a form token, as the widget sends it.
  const sent = isForm && path === '/appointment' ? await defended(body, 'calendar', 'calendar_id') : body;
  const request = new Request(`${API}${path}`, {
    method: 'POST',
    headers: isForm ? headers : { 'content-type': 'application/json', ...headers },
    body: sent instanceof FormData ? sent : JSON.stringify(body),
  });
  const res = await platformApi.fetch(request, withCards, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** What Stripe.js does in the browser: confirm the setup with a card, at Stripe. */
async function confirmAtStripe(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<void> {
  const id = clientSecret.split('_secret_')[0];
  const res = await fetch(`http://${STRIPE_STAND_IN_HOST}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' },
    body: `payment_method=${paymentMethod}`,
  });
  expect(res.status).toBe(200);
}

async function setupFor(calendarId: string | undefined): Promise<string> {
  const res = await paidCall('/appointment/setup-intent', { locationId: 'loc_w', ...(calendarId ? { calendar_id: calendarId } : {}) });
  expect(res.status).toBe(200);
  return ((await res.json()) as Loose).client_secret;
}

const bookPaid = (slot: string, result: Record<string, unknown>, email = 'payer@example.com', headers: Record<string, string> = {}) =>
  paidCall('/appointment', multipart({ calendar_id: 'cal_b', selected_slot: slot, selected_timezone: 'Europe/Berlin', ...CONTACT, email, ...result }), headers);

describe('overlapping slots (60 minutes every 30)', () => {
  it('lets exactly one of 50 concurrent bookings of 9:00 and 9:30 through', async () => {
    const nine = slotAt(3, 9);
    const halfPast = nine.replace('T09:00:00', 'T09:30:00');
    const contacts = await count('contacts');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book('cal_o', i % 2 ? halfPast : nine, { email: `racer${i}@example.com` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE calendar_id = 'cal_o' AND status != 'cancelled'").first<{ n: number }>();
    expect(live?.n).toBe(1);
    // A losing booking leaves no contact behind: the contact is written in the booking's batch.
    expect(await count('contacts')).toBe(contacts + 1);
  });

  it('keeps the slots that do not overlap bookable, and frees the minutes on cancel', async () => {
    const ten = slotAt(8, 10);
    const first = (await (await book('cal_o', ten, { email: 'o1@example.com' })).json()) as Loose;
    expect((await book('cal_o', ten.replace('T10:00:00', 'T10:30:00'), { email: 'o2@example.com' })).status).toBe(409);
    expect((await book('cal_o', ten.replace('T10:00:00', 'T11:00:00'), { email: 'o3@example.com' })).status).toBe(200);
    expect((await post(`/appointment/${first.id}/cancel`, { reason: 'Clash', token: first.manage_token })).status).toBe(200);
    expect((await book('cal_o', ten.replace('T10:00:00', 'T09:30:00'), { email: 'o4@example.com' })).status).toBe(200);
  });

  it('moves an appointment atomically: a taken target leaves it where it was', async () => {
    const at = slotAt(9, 13);
    const mine = (await (await book('cal_o', at, { email: 'mover@example.com' })).json()) as Loose;
    await book('cal_o', at.replace('T13:00:00', 'T15:00:00'), { email: 'blocker@example.com' });
    const clash = await book('cal_o', at.replace('T13:00:00', 'T14:30:00'), { email: 'mover@example.com', event_id: mine.id, manage_token: mine.manage_token });
    expect(clash.status).toBe(409);
    const row = await env.DB.prepare('SELECT start_time FROM appointments WHERE id = ?').bind(mine.id).first<Loose>();
    expect(row?.start_time).toBe(Date.parse(at));
    const moved = await book('cal_o', at.replace('T13:00:00', 'T16:00:00'), { email: 'mover@example.com', event_id: mine.id, manage_token: mine.manage_token });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Loose).appointment.start_time).toBe(at.replace('T13:00:00', 'T16:00:00'));
    // Its old minutes are free again.
    expect((await book('cal_o', at.replace('T13:00:00', 'T12:30:00'), { email: 'next@example.com' })).status).toBe(200);
  });
});

describe('payment-step holds', () => {
  /** A card setup of cal_b confirmed at Stripe, as the booking names it. */
  const card = async () => {
    const secret = await setupFor('cal_b');
    await confirmAtStripe(secret);
    return { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: secret } };
  };
  const hold = (slot: string, headers: Record<string, string> = {}) => post('/appointment/hold', { calendar_id: 'cal_b', selected_slot: slot }, headers);

  it('keeps the held slot from others and out of the free slots, until booked with the hold', async () => {
    const slot = slotAt(5, 11);
    const held = await hold(slot);
    expect(held.status).toBe(200);
    const { hold_id } = (await held.json()) as Loose;
    const day = slot.slice(0, 10);
    const from = Date.parse(`${day}T00:00:00-05:00`) - 86_400_000;
    const slots = (await (
      await get(`/appointment/free-slots?calendar_id=cal_b&startDate=${from}&endDate=${from + 3 * 86_400_000}&timezone=America/New_York`)
    ).json()) as Loose;
    expect(slots[day].slots).not.toContain(slot);
    expect((await hold(slot)).status).toBe(409);
    const other = await bookPaid(slot, await card(), 'second@example.com');
    expect(other.status).toBe(409);
    expect((await bookPaid(slot, { ...(await card()), hold_id }, 'holder@example.com')).status).toBe(200);
  });

  it('lets exactly one of 50 concurrent holds and bookings of one slot through', async () => {
    const slot = slotAt(6, 14);
    const cards = await Promise.all(Array.from({ length: 25 }, card));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? hold(slot) : bookPaid(slot, cards[i / 2] as Loose, `h${i}@example.com`, { 'cf-connecting-ip': `203.0.113.${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(49);
  });

  it('frees the slot when the visitor goes back, or when the hold expires', async () => {
    const slot = slotAt(7, 10);
    const { hold_id, hold_token } = (await (await hold(slot)).json()) as Loose;
    expect((await post(`/appointment/hold/${hold_id}/release`, { token: hold_token })).status).toBe(200);
    const heldAt = Date.now();
    expect((await hold(slot, at(heldAt))).status).toBe(200);
    expect((await bookPaid(slot, await card(), 'early@example.com', at(heldAt + HOLD_MS - 1000))).status).toBe(409);
    expect((await bookPaid(slot, await card(), 'later@example.com', at(heldAt + HOLD_MS))).status).toBe(200);
  });

  it('never frees an appointment through the release call', async () => {
    const slot = slotAt(7, 15);
    const booked = (await (await book('cal_a', slot, { email: 'keep@example.com' })).json()) as Loose;
    expect((await post(`/appointment/hold/${booked.id}/release`, { token: await holdToken(env, booked.id) })).status).toBe(200);
    expect((await book('cal_a', slot, { email: 'steal@example.com' })).status).toBe(409);
  });
});

describe('paid calendars', () => {
  it('books after the card setup is confirmed with the provider, once per setup', async () => {
    const secret = await setupFor('cal_b');
    await confirmAtStripe(secret);
    const slot = slotAt(4, 10);
    const res = await bookPaid(slot, { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: secret } });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT payment, setup_intent_id FROM appointments WHERE id = ?')
      .bind(((await res.json()) as Loose).id)
      .first<Loose>();
    expect(row?.setup_intent_id).toBe(secret.split('_secret_')[0]);
    expect(JSON.parse(row?.payment).amount).toBe('5000');
    const reuse = await bookPaid(slotAt(4, 11), { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: secret } }, 'reuse@example.com');
    expect(reuse.status).toBe(409);
  });

  it.each([
    ['a made-up setup', async () => ({ stripePaymentResult: { paymentMethodId: 'pm_fake', client_secret: 'seti_fake_secret_abc' } }), 402],
    ['a card token', async () => ({ stripeToken: 'tok_fake' }), 400],
    ['a setup never confirmed', async () => ({ stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: await setupFor('cal_b') } }), 402],
    [
      'a setup confirmed with another card',
      async () => {
        const secret = await setupFor('cal_b');
        await confirmAtStripe(secret, 'pm_card_mastercard');
        return { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: secret } };
      },
      402,
    ],
    [
      'a setup started without the calendar (no amount)',
      async () => {
        const secret = await setupFor(undefined);
        await confirmAtStripe(secret);
        return { stripePaymentResult: { paymentMethodId: 'pm_card_visa', client_secret: secret } };
      },
      402,
    ],
  ])('refuses %s with a clear message and books nothing', async (_name, result, status) => {
    const before = [await count('appointments'), await count('contacts')];
    const res = await bookPaid(slotAt(4, 14), await result());
    expect(res.status).toBe(status);
    expect(await msg(res)).toMatch(/could not verify your card|Card payment is required/);
    expect([await count('appointments'), await count('contacts')]).toEqual(before);
  });

  it('starts the setup through the payment provider with the location, calendar and amount', async () => {
    const secret = await setupFor('cal_b');
    const intent = await fetch(`http://${STRIPE_STAND_IN_HOST}/v1/setup_intents/${secret.split('_secret_')[0]}`, {
      headers: { authorization: 'Bearer sk_test_standin' },
    });
    expect(((await intent.json()) as Loose).metadata).toEqual({ location_id: 'loc_w', calendar_id: 'cal_b', amount: '5000', currency: 'usd' });
    expect((await paidCall('/appointment/setup-intent', { locationId: 'loc_w', calendar_id: 'cal_zz' })).status).toBe(404);
  });

  it('charges and shows a yen calendar in whole yen: ¥5,000 is 5000, not 500000', async () => {
    await seedCalendar({
      ...CALENDARS.cal_b,
      id: 'cal_yen',
      slug: 'yen-session',
      timezone: 'Asia/Tokyo',
      stripe: { amount: 5000, currency: 'jpy', charge_description: 'Session' },
    });
    const secret = await setupFor('cal_yen');
    const intent = await fetch(`http://${STRIPE_STAND_IN_HOST}/v1/setup_intents/${secret.split('_secret_')[0]}`, {
      headers: { authorization: 'Bearer sk_test_standin' },
    });
    expect(((await intent.json()) as Loose).metadata).toMatchObject({ calendar_id: 'cal_yen', amount: '5000', currency: 'jpy' });
    const api = async (path: string, init?: RequestInit) => platformApi.fetch(new Request(`${API}${path}`, init), env, createExecutionContext());
    const { t } = createI18n('en');
    const loaded = await loadBookingWidget(api, {
      ids: ['cal_yen'],
      query: readBookingQuery(new URLSearchParams()),
      t,
      lang: 'en',
      origin: 'https://shop.example',
    });
    expect(loaded.ok && loaded.value.calendars[0]?.paid?.amountLabel).toBe('¥5,000');
  });
});
