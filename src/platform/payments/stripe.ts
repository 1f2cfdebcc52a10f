/**
 * Stripe as the card payment provider, through the official SDK on its fetch client (the
 * Workers build). One-time products become one PaymentIntent, recurring products a
 * subscription per billing interval; every request carries an idempotency key derived from
 * the order's key, so a retried order replays instead of charging again.
 */
import Stripe from 'stripe';
import { toPaymentEvent } from './stripe-events';
import { type ChargeItem, type ChargeRequest, type ChargeResult, type Charge, PaymentFailure, type PaymentFailureKind, type PaymentProvider } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  /** "host:port" of a Stripe-compatible API spoken over plain http (a local stand-in). */
  apiHost?: string;
}

function clientOptions(apiHost?: string): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiHost) return base;
  const [host, port] = apiHost.split(':');
  return { ...base, host, port: port ? Number(port) : 80, protocol: 'http' };
}

/** Stripe's error classes mapped to what the visitor is told. */
const FAILURE_BY_TYPE: Record<string, PaymentFailureKind> = {
  StripeCardError: 'declined',
  StripeInvalidRequestError: 'invalid',
  StripeIdempotencyError: 'invalid',
};

function asFailure(err: unknown): PaymentFailure {
  if (err instanceof PaymentFailure) return err;
  if ((err as { code?: unknown })?.code === 'idempotency_key_in_use') return new PaymentFailure('in_progress', 'This order is already being processed.');
  const type = (err as { type?: unknown })?.type;
  const kind = typeof type === 'string' ? FAILURE_BY_TYPE[type] : undefined;
  if (kind === 'declined') return new PaymentFailure(kind, (err as Error).message || 'Your card was declined.');
  if (kind) {
    console.warn('stripe refused a request', (err as Error).message);
    return new PaymentFailure(kind, 'The payment could not be processed. Please check your card details and try again.');
  }
  console.error('stripe unavailable', err);
  return new PaymentFailure('unavailable', 'The payment provider could not be reached. Please try again in a moment.');
}

const CARD_NOT_SET_UP = 'The card was not set up for this payment. Please enter your card again.';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const sum = (items: ChargeItem[]) => items.reduce((total, item) => total + item.amount, 0);

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, clientOptions(options.apiHost));

  /** The customer and card to charge: a fresh card (its setup checked before) is attached to the contact's customer. */
  async function cardOwner(req: ChargeRequest): Promise<{ customerId: string; paymentMethodId: string }> {
    const { card } = req;
    if (card.kind === 'saved') return { customerId: card.customerId, paymentMethodId: card.paymentMethodId };
    await stripe.paymentMethods.attach(card.paymentMethodId, { customer: req.customerId }, { idempotencyKey: `${req.idempotencyKey}-attach` });
    return { customerId: req.customerId, paymentMethodId: card.paymentMethodId };
  }

  async function chargeOnce(req: ChargeRequest, owner: { customerId: string; paymentMethodId: string }, items: ChargeItem[]): Promise<Charge> {
    const amount = sum(items);
    const intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: req.currency.toLowerCase(),
        customer: owner.customerId,
        payment_method: owner.paymentMethodId,
        allowed_payment_method_types: ['card'],
        confirm: true,
        off_session: true,
        description: req.description,
        metadata: { order_id: req.orderId, order_key: req.idempotencyKey, location_id: req.locationId, product_ids: items.map((i) => i.productId).join(',') },
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (intent.status !== 'succeeded' && intent.status !== 'processing') {
      throw new PaymentFailure('declined', 'Your card needs an extra confirmation that this page cannot ask for. Please use another card.');
    }
    return { orderType: 'oneTime', ref: intent.id, status: intent.status, amount, currency: req.currency, productIds: items.map((i) => i.productId) };
  }

  async function subscribe(req: ChargeRequest, owner: { customerId: string; paymentMethodId: string }, items: ChargeItem[]): Promise<Charge> {
    const interval = items[0]?.interval ?? 'month';
    const lines: Stripe.SubscriptionCreateParams.Item[] = [];
    for (const item of items) {
      const product = await stripe.products.create(
        { name: item.name, metadata: { product_id: item.productId } },
        { idempotencyKey: `${req.idempotencyKey}-product-${item.productId}` },
      );
      lines.push({ price_data: { currency: req.currency.toLowerCase(), product: product.id, unit_amount: item.amount, recurring: { interval } } });
    }
    const subscription = await stripe.subscriptions.create(
      {
        customer: owner.customerId,
        default_payment_method: owner.paymentMethodId,
        items: lines,
        off_session: true,
        payment_behavior: 'error_if_incomplete',
        metadata: { order_id: req.orderId, order_key: req.idempotencyKey, location_id: req.locationId, product_ids: items.map((i) => i.productId).join(',') },
      },
      { idempotencyKey: `${req.idempotencyKey}-subscription-${interval}` },
    );
    return {
      orderType: 'subscription',
      ref: subscription.id,
      status: subscription.status,
      amount: sum(items),
      currency: req.currency,
      productIds: items.map((i) => i.productId),
    };
  }

  return {
    name: 'stripe',
    async createSetupIntent({ locationId, metadata = {} }) {
      try {
        const intent = await stripe.setupIntents.create({
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { ...metadata, location_id: locationId },
        });
        if (!intent.client_secret) throw new PaymentFailure('unavailable', 'The payment provider did not start a card setup.');
        return { clientSecret: intent.client_secret };
      } catch (err) {
        throw asFailure(err);
      }
    },
    async createCustomer({ idempotencyKey, locationId, contactId, email, name }) {
      try {
        const customer = await stripe.customers.create(
          { email: email ?? undefined, name: name ?? undefined, metadata: { location_id: locationId, contact_id: contactId ?? '' } },
          { idempotencyKey },
        );
        return customer.id;
      } catch (err) {
        throw asFailure(err);
      }
    },
    async checkCardSetup({ setupIntentId, paymentMethodId, locationId, metadata = {} }) {
      try {
        const setup = await stripe.setupIntents.retrieve(setupIntentId);
        const expected = Object.entries({ ...metadata, location_id: locationId });
        if (
          setup.status !== 'succeeded' ||
          idOf(setup.payment_method) !== paymentMethodId ||
          expected.some(([key, value]) => setup.metadata?.[key] !== value)
        ) {
          throw new PaymentFailure('invalid', CARD_NOT_SET_UP);
        }
      } catch (err) {
        const failure = asFailure(err);
        throw failure.kind === 'invalid' ? new PaymentFailure('invalid', CARD_NOT_SET_UP) : failure;
      }
    },
    async parseWebhook(rawBody, signature, secret) {
      try {
        const event = await stripe.webhooks.constructEventAsync(rawBody, signature, secret, 300, Stripe.createSubtleCryptoProvider());
        return toPaymentEvent(event);
      } catch (err) {
        console.warn('stripe webhook refused', (err as Error).message);
        throw new PaymentFailure('invalid', 'Invalid webhook signature');
      }
    },
    async chargeOrder(req): Promise<ChargeResult> {
      try {
        const owner = await cardOwner(req);
        const charges: Charge[] = [];
        const oneTime = req.items.filter((i) => !i.recurring);
        if (sum(oneTime) > 0) charges.push(await chargeOnce(req, owner, oneTime));
        const intervals = [...new Set(req.items.filter((i) => i.recurring).map((i) => i.interval ?? 'month'))];
        for (const interval of intervals) {
          charges.push(
            await subscribe(
              req,
              owner,
              req.items.filter((i) => i.recurring && (i.interval ?? 'month') === interval),
            ),
          );
        }
        return { ...owner, charges };
      } catch (err) {
        throw asFailure(err);
      }
    },
  };
}
