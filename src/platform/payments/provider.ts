/**
 * The card payment provider behind the pay and setup-intent calls. The platform prices an
 * order from its own database and hands the provider the finished order: which products,
 * at what amounts, with which card. The provider charges it exactly once per idempotency
 * key, whatever the number of retries.
 */

/** One product line of an order, priced from the products table. */
export interface ChargeItem {
  productId: string;
  name: string;
  /** Minor units. */
  amount: number;
  currency: string;
  recurring: boolean;
  /** Billing interval of a recurring product. */
  interval: 'day' | 'week' | 'month' | 'year' | null;
}

/** The card an order is charged to: one just set up by the order form, or one saved by an earlier order. */
export type CardSource = { kind: 'setup'; setupIntentId: string; paymentMethodId: string } | { kind: 'saved'; customerId: string; paymentMethodId: string };

export interface ChargeRequest {
  orderId: string;
  /** Derived from the order: the same submission always carries the same key. */
  idempotencyKey: string;
  locationId: string;
  currency: string;
  items: ChargeItem[];
  /** The provider's customer the order is charged to (one per contact, see ensureCustomer). */
  customerId: string;
  card: CardSource;
  description: string;
}

/** One charge an order produced (requirements PAGE-DATA order types). */
export interface Charge {
  orderType: 'oneTime' | 'subscription';
  /** The provider's id of the payment or subscription. */
  ref: string;
  status: string;
  amount: number;
  currency: string;
  productIds: string[];
}

export interface ChargeResult {
  customerId: string;
  paymentMethodId: string;
  charges: Charge[];
}

/**
 * Why a charge did not happen: the card was declined, the request was not acceptable, the
 * provider could not be reached, or another request is charging the same order right now.
 */
export type PaymentFailureKind = 'declined' | 'invalid' | 'unavailable' | 'in_progress';

export class PaymentFailure extends Error {
  constructor(
    readonly kind: PaymentFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** A provider's webhook event, reduced to what it changes here. */
export interface PaymentEvent {
  /** The provider's event id: events arrive at least once, this deduplicates them. */
  id: string;
  type: string;
  /** When the provider created the event, ms since the epoch. */
  createdAt: number;
  /** The payment or subscription whose status changed, if the event is one we follow. */
  change: PaymentChange | null;
}

/** What a followed event says about one payment, and what reconciliation needs to find and settle its order. */
export interface PaymentChange {
  ref: string;
  status: string;
  orderStatus: 'paid' | 'failed' | null;
  /** The order the payment was made for (its metadata), when the platform created it. */
  orderId: string | null;
  /** The order's idempotency key (metadata), when the order id is missing. */
  orderKey: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  amount: number | null;
  currency: string | null;
  orderType: Charge['orderType'];
  productIds: string[];
}

/** Who pays: a contact of a location (or nobody known yet), with the key that makes creating it idempotent. */
export interface CustomerRequest {
  idempotencyKey: string;
  locationId: string;
  contactId: string | null;
  email: string | null;
  name: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  /** Starts a card setup for a location; the browser confirms it with the returned secret. */
  createSetupIntent(input: { locationId: string; metadata?: Record<string, string> }): Promise<{ clientSecret: string }>;
  /**
   * Checks that a card setup succeeded, for this location, with this card, and (when given)
   * that it was started with these metadata values (a booking's calendar and amount);
   * throws an `invalid` failure if not.
   */
  checkCardSetup(input: { setupIntentId: string; paymentMethodId: string; locationId: string; metadata?: Record<string, string> }): Promise<void>;
  /** Creates the provider's customer of a contact (the same key always answers the same customer). */
  createCustomer(input: CustomerRequest): Promise<string>;
  /** Charges an order: one-time products as one payment, recurring ones as a subscription. */
  chargeOrder(request: ChargeRequest): Promise<ChargeResult>;
  /** Verifies a webhook's signature over its raw body; throws an `invalid` failure when it does not match. */
  parseWebhook(rawBody: string, signature: string, secret: string): Promise<PaymentEvent>;
}
