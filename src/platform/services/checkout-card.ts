/**
 * Whose card an order is charged to. The order form's card was just set up in the browser
 * and is attached to the contact's one customer at the provider. A payment button reuses
 * the card of an order paid in this funnel visit, and only with the visitor's proof of it
 * (payments/one-click-proof.ts): never the card of whoever presents a fingerprint.
 */
import { type PayPayload, SUBMISSION_TYPES } from '../../schemas/payment-calls';
import { ApiError } from '../http';
import type { OneClickProof } from '../payments/one-click-proof';
import type { CardSource, PaymentProvider } from '../payments/provider';
import { findOrder } from './orders';

export const NO_ONE_CLICK_CARD =
  'One-click purchase is only possible within 30 minutes of an order paid by card in this funnel. Please buy through the order form.';

export interface Payer {
  id: string;
  email: string | null;
  full_name: string | null;
}

/**
 * The card to charge: the order form's fresh card, or the card of the order the proof names,
 * when the proof's buyer is this order's buyer (`buyerId`, the contact of the visitor's
 * fingerprint, '' for none) and the paid order's.
 */
export async function cardSource(db: D1Database, p: PayPayload, proof: OneClickProof | null, buyerId: string): Promise<CardSource> {
  if (p.submissionType === SUBMISSION_TYPES.orderForm) {
    return { kind: 'setup', setupIntentId: p.client_secret.split('_secret_')[0] ?? '', paymentMethodId: p.paymentMethodId };
  }
  const paid = proof && proof.funnelId === p.funnelId && proof.contactId === buyerId ? await findOrder(db, proof.orderId) : null;
  if (
    paid?.status !== 'paid' ||
    paid.location_id !== p.locationId ||
    paid.funnel_id !== p.funnelId ||
    (paid.contact_id ?? '') !== buyerId ||
    !paid.provider_customer ||
    !paid.payment_method
  ) {
    throw new ApiError(403, NO_ONE_CLICK_CARD);
  }
  return { kind: 'saved', customerId: paid.provider_customer, paymentMethodId: paid.payment_method };
}

/**
 * The provider's customer of the contact, created once: the creation's idempotency key is
 * the contact's, and the first row stored wins when two requests race. Without a contact
 * the order gets a customer of its own.
 */
export async function customerFor(
  db: D1Database,
  provider: PaymentProvider,
  locationId: string,
  payer: Payer | null,
  orderKey: string,
  now: number,
): Promise<string> {
  if (!payer) return provider.createCustomer({ idempotencyKey: `${orderKey}-customer`, locationId, contactId: null, email: null, name: null });
  const find = () =>
    db
      .prepare('SELECT customer_id FROM payment_customers WHERE location_id = ? AND contact_id = ? AND provider = ?')
      .bind(locationId, payer.id, provider.name)
      .first<{ customer_id: string }>();
  const known = await find();
  if (known) return known.customer_id;
  const created = await provider.createCustomer({
    idempotencyKey: `customer-${locationId}-${payer.id}`,
    locationId,
    contactId: payer.id,
    email: payer.email,
    name: payer.full_name,
  });
  await db
    .prepare('INSERT INTO payment_customers (location_id, contact_id, provider, customer_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(locationId, payer.id, provider.name, created, now)
    .run();
  return (await find())?.customer_id ?? created;
}
