/**
 * The Stripe webhook events the platform follows, each reduced to the status it gives a
 * payment (a PaymentIntent or a subscription), the order it settles where it settles one,
 * and what reconciliation needs to find that order (the metadata the platform wrote) and
 * record the payment when the pay call could not.
 */
import type Stripe from 'stripe';
import type { PaymentChange, PaymentEvent } from './provider';

interface StripeObject {
  id: string;
  status?: string;
  metadata?: Record<string, string>;
  customer?: string | { id: string } | null;
  payment_method?: string | { id: string } | null;
  default_payment_method?: string | { id: string } | null;
  amount?: number;
  currency?: string;
  items?: { data?: { price?: { unit_amount?: number | null; currency?: string } }[] };
}

type Reduce = (object: StripeObject) => Pick<PaymentChange, 'status' | 'orderStatus' | 'orderType'>;

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** A subscription that is active (or trialing) paid its first invoice: its order is paid. */
const subscription: Reduce = (object) => {
  const status = object.status ?? 'unknown';
  return { status, orderStatus: status === 'active' || status === 'trialing' ? 'paid' : null, orderType: 'subscription' };
};

/** Followed event types; every other type is acknowledged and ignored. */
const FOLLOWED: Record<string, Reduce> = {
  'payment_intent.succeeded': () => ({ status: 'succeeded', orderStatus: 'paid', orderType: 'oneTime' }),
  'payment_intent.payment_failed': () => ({ status: 'failed', orderStatus: 'failed', orderType: 'oneTime' }),
  'payment_intent.canceled': () => ({ status: 'canceled', orderStatus: 'failed', orderType: 'oneTime' }),
  'customer.subscription.created': subscription,
  'customer.subscription.updated': subscription,
  'customer.subscription.deleted': (object) => ({ status: object.status ?? 'canceled', orderStatus: null, orderType: 'subscription' }),
};

function subscriptionAmount(object: StripeObject): number | null {
  const prices = object.items?.data ?? [];
  return prices.length ? prices.reduce((sum, item) => sum + (item.price?.unit_amount ?? 0), 0) : null;
}

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const reduce = FOLLOWED[event.type];
  const object = event.data.object as unknown as StripeObject;
  let change: PaymentChange | null = null;
  if (reduce && typeof object.id === 'string') {
    const metadata = object.metadata ?? {};
    change = {
      ref: object.id,
      ...reduce(object),
      orderId: metadata.order_id || null,
      orderKey: metadata.order_key || null,
      customerId: idOf(object.customer),
      paymentMethodId: idOf(object.payment_method) ?? idOf(object.default_payment_method),
      amount: typeof object.amount === 'number' ? object.amount : subscriptionAmount(object),
      currency: object.currency ?? object.items?.data?.[0]?.price?.currency ?? null,
      productIds: (metadata.product_ids ?? '').split(',').filter(Boolean),
    };
  }
  return { id: event.id, type: event.type, createdAt: event.created * 1000, change };
}
