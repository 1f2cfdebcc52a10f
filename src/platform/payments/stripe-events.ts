/**
 * The Stripe webhook events the platform follows, each reduced to the status it gives a
 * payment (a PaymentIntent or a subscription) and, where it settles one, its order.
 */
import type Stripe from 'stripe';
import type { PaymentEvent } from './provider';

type Change = PaymentEvent['change'];
type Reduce = (object: { id: string; status?: string }) => Change;

const subscriptionStatus: Reduce = (object) => ({ ref: object.id, status: object.status ?? 'unknown', orderStatus: null });

/** Followed event types; every other type is acknowledged and ignored. */
const FOLLOWED: Record<string, Reduce> = {
  'payment_intent.succeeded': (object) => ({ ref: object.id, status: 'succeeded', orderStatus: 'paid' }),
  'payment_intent.payment_failed': (object) => ({ ref: object.id, status: 'failed', orderStatus: 'failed' }),
  'payment_intent.canceled': (object) => ({ ref: object.id, status: 'canceled', orderStatus: 'failed' }),
  'customer.subscription.created': subscriptionStatus,
  'customer.subscription.updated': subscriptionStatus,
  'customer.subscription.deleted': subscriptionStatus,
};

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const reduce = FOLLOWED[event.type];
  const object = event.data.object as { id?: unknown; status?: unknown };
  const change = reduce && typeof object.id === 'string' ? reduce({ id: object.id, status: typeof object.status === 'string' ? object.status : undefined }) : null;
  return { id: event.id, type: event.type, createdAt: event.created * 1000, change };
}
