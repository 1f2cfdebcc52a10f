/**
 * Webhooks from the built worker: a receiver on this machine (a Node HTTP server on
 * E2E_PORT + 120, as a seller's would be) gets the signed events when a visitor opts in with
 * the demo's form, buys on the demo sales page (Stripe stood in) and books a call, through the
 * worker's outbox, its queue and consumer in workerd. Every event is verified with the
 * standardwebhooks package.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { fillContact, firstFreeSlot, openWidget, uniqueEmail } from './booking-helpers';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';
import { openSalesPage, optIn, visitorEmail } from './support/order-form';
import { TEST_CARDS, typeCard, useStripeStandIn } from './support/stripe-js';

const RECEIVER_PORT = E2E_PORT + 120;
const SECRET = `whsec_${Buffer.from('e2e-webhook-receiver-secret-0123').toString('base64')}`;

// biome-ignore lint/suspicious/noExplicitAny: event data is read loosely and asserted on.
type Event = { id: string; type: string; data: Record<string, any>; webhookId: string };
const events: Event[] = [];
const refused: string[] = [];
let server: Server;

test.beforeAll(async ({ request }) => {
  const verifier = new Webhook(SECRET);
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const event = verifier.verify(body, req.headers as Record<string, string>) as Omit<Event, 'webhookId'>;
      events.push({ ...event, webhookId: String(req.headers['webhook-id']) });
      res.writeHead(204).end();
    } catch (err) {
      refused.push(String(err));
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  const res = await request.put(`/admin/v1/webhooks/wh_e2e`, {
    headers: { authorization: `Bearer ${E2E_TOKEN}` },
    data: { id: 'wh_e2e', url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`, events: '*', secrets: [SECRET] },
  });
  expect(res.ok()).toBe(true);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Waits for the receiver to have the event of `type` about `email`, and answers it. */
async function received(type: string, email: string): Promise<Event> {
  const about = (e: Event) => e.type === type && (e.data.email === email || e.data.contact?.email === email);
  await expect.poll(() => events.some(about), { timeout: 30_000, message: `${type} for ${email}` }).toBe(true);
  expect(refused).toEqual([]);
  const event = events.find(about) as Event;
  expect(event.webhookId).toBe(event.id);
  return event;
}

test('a visitor opting in with the demo form sends contact.created and form.submitted', async ({ page, context }) => {
  await context.route('https://connect.facebook.net/**', (route) => route.abort('internetdisconnected'));
  const email = visitorEmail('hook-optin');
  await page.goto('/');
  const form = page.locator('form[data-form-id="form_optin"]');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('First name').fill('Olivia');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send me the guide' }).click();
  await page.waitForURL(/\/accelerator/);
  const contact = await received('contact.created', email);
  expect(contact.data).toMatchObject({ email, locationId: 'loc_demo' });
  const submitted = await received('form.submitted', email);
  expect(submitted.data).toMatchObject({ kind: 'form', contactId: contact.data.id });
});

test('a visitor buying on the sales page sends order.paid with the amount of the database', async ({ page }) => {
  await useStripeStandIn(page);
  const email = visitorEmail('hook-buyer');
  await openSalesPage(page);
  await optIn(page, email);
  await typeCard(page, TEST_CARDS.success);
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Complete my order' }).click();
  await page.waitForURL('**/inner-circle');
  const paid = await received('order.paid', email);
  expect(paid.data).toMatchObject({ status: 'paid', amount: 49700, currency: 'USD', source: 'order_form' });
  expect(paid.data.items.length).toBeGreaterThan(0);
});

test('a visitor booking a call sends appointment.booked', async ({ page }) => {
  const email = uniqueEmail('hook-booking');
  const widget = await openWidget(page, '/widget/booking/cal_discovery');
  await (await firstFreeSlot(widget)).click();
  await widget.getByRole('button', { name: /^Select time/ }).click();
  await fillContact(widget, { first: 'Ada', last: 'Lovelace', email, phone: '+1 202 555 0143' });
  await widget.locator('form button[type="submit"]').click();
  const booked = await received('appointment.booked', email);
  expect(booked.data).toMatchObject({ calendarId: 'cal_discovery', status: 'booked' });
});
