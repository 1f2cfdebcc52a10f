/**
 * The pay call (seed 000 §7): an order form sale on a card just set up, or a payment
 * button's one-click upsell on the card the visitor's earlier order saved. The order is
 * priced from the products table, checked against the funnel step's location, stored once
 * per idempotency key and charged through the payment provider with that key.
 */
import { type PayPayload, SUBMISSION_TYPES } from '../../schemas/payment-calls';
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { ApiError } from '../http';
import { type CardSource, PaymentFailure, type PaymentFailureKind, type PaymentProvider } from '../payments/provider';
import { type Funnel, getFunnel } from './funnels';
import { createOrder, findOrderByKey, markFailed, markPaid, type OrderRow, orderKey, orderLogs } from './orders';
import { getProducts, type ProductRow } from './products';
import { ensureSession } from './sessions';

export const NO_PRIMARY_PRODUCT = 'You must select at least one primary product for this transaction.';

/** HTTP status a visitor gets for each kind of payment failure. */
const FAILURE_STATUS: Record<PaymentFailureKind, 400 | 402 | 409 | 502> = { declined: 402, invalid: 400, unavailable: 502, in_progress: 409 };

export interface PayResult {
  logs: Record<string, unknown>[];
  mmLogs: { token: string; contactId: string | null; locationId: string }[];
  sessionFingerprint: string;
  sessionId: string;
}

async function orderPlace(db: D1Database, p: PayPayload) {
  const funnel = await getFunnel(db, p.funnelId);
  if (!funnel || funnel.locationId !== p.locationId) throw new ApiError(404, 'Funnel not found');
  const step = await db.prepare('SELECT id, page_id FROM funnel_steps WHERE id = ? AND funnel_id = ?').bind(p.stepId, funnel.id).first<{ id: string; page_id: string | null }>();
  if (!step) throw new ApiError(404, 'Funnel step not found');
  if (p.pageId && step.page_id !== p.pageId) throw new ApiError(404, 'Page not found');
  return { funnel, step };
}

/** The order's products from the database: all of the location, one currency, at least one primary. */
async function orderProducts(db: D1Database, p: PayPayload): Promise<{ products: ProductRow[]; currency: string }> {
  const products = await getProducts(db, p.productList);
  const wanted = new Set(p.productList);
  if (products.length !== wanted.size || products.some((product) => product.location_id !== p.locationId)) {
    throw new ApiError(400, 'productList: one or more products are not available.', 'productList');
  }
  if (!products.some((product) => product.bump === 0)) throw new ApiError(400, NO_PRIMARY_PRODUCT, 'productList');
  const currencies = new Set(products.map((product) => product.currency.toUpperCase()));
  if (currencies.size !== 1) throw new ApiError(400, 'productList: all products of one order must share one currency.', 'productList');
  return { products, currency: [...currencies][0] ?? 'USD' };
}

async function visitorContact(db: D1Database, locationId: string, fingerprint: string) {
  return db
    .prepare('SELECT id, email, full_name FROM contacts WHERE location_id = ? AND fingerprint = ? ORDER BY updated_at DESC LIMIT 1')
    .bind(locationId, fingerprint)
    .first<{ id: string; email: string | null; full_name: string | null }>();
}

/** The card to charge: the order form's fresh card, or the card of the visitor's last paid order. */
async function cardSource(db: D1Database, p: PayPayload): Promise<CardSource> {
  if (p.submissionType === SUBMISSION_TYPES.orderForm) {
    return { kind: 'setup', setupIntentId: p.client_secret.split('_secret_')[0] ?? '', paymentMethodId: p.paymentMethodId };
  }
  const saved = await db
    .prepare(
      `SELECT provider_customer, payment_method FROM orders WHERE location_id = ? AND fingerprint = ? AND status = 'paid'
         AND provider_customer IS NOT NULL AND payment_method IS NOT NULL ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    )
    .bind(p.locationId, p.fingerprint)
    .first<{ provider_customer: string; payment_method: string }>();
  if (!saved) throw new ApiError(400, 'No saved card was found for this one-click purchase. Please buy through the order form first.');
  return { kind: 'saved', customerId: saved.provider_customer, paymentMethodId: saved.payment_method };
}

function keyParts(p: PayPayload): string[] {
  const base = [p.locationId, p.funnelId, p.stepId, p.fingerprint, [...new Set(p.productList)].sort().join(','), String(p.submissionType)];
  return p.submissionType === SUBMISSION_TYPES.orderForm ? [...base, p.client_secret, p.paymentMethodId] : base;
}

/** Turns a provider failure into the visitor's answer. */
async function asApiError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PaymentFailure) throw new ApiError(FAILURE_STATUS[err.kind], err.message);
    throw err;
  }
}

/** The order's session: the one it was placed in, else the browser's, else a new one. */
function sessionOf(db: D1Database, p: PayPayload, funnel: Funnel, orderSession: string | null, now: number, random: RandomBytes) {
  return ensureSession(
    db,
    { locationId: p.locationId, kind: 'funnel', refId: funnel.id, name: funnel.name, fingerprint: p.sessionFingerprint ?? p.fingerprint, sessionId: orderSession ?? p.sessionId },
    now,
    random,
  );
}

async function answer(db: D1Database, order: OrderRow, sessionFingerprint: string): Promise<PayResult> {
  return {
    logs: await orderLogs(db, order),
    mmLogs: [{ token: order.membership_token ?? '', contactId: order.contact_id, locationId: order.location_id }],
    sessionFingerprint,
    sessionId: order.session_id ?? '',
  };
}

export async function payOrder(db: D1Database, provider: PaymentProvider, p: PayPayload, now: number, random: RandomBytes = cryptoRandom): Promise<PayResult> {
  const { funnel, step } = await orderPlace(db, p);
  const { products, currency } = await orderProducts(db, p);
  const card = await cardSource(db, p);
  const key = await orderKey(keyParts(p));

  let order = await findOrderByKey(db, key);
  if (order?.status === 'paid') return answer(db, order, (await sessionOf(db, p, funnel, order.session_id, now, random)).sessionFingerprint);
  if (card.kind === 'setup') {
    await asApiError(provider.checkCardSetup({ setupIntentId: card.setupIntentId, paymentMethodId: card.paymentMethodId, locationId: p.locationId }));
  }

  const session = await sessionOf(db, p, funnel, order?.session_id ?? null, now, random);
  const contact = await visitorContact(db, p.locationId, p.fingerprint);
  order ??= await createOrder(
    db,
    key,
    { locationId: p.locationId, funnelId: funnel.id, stepId: step.id, pageId: p.pageId ?? step.page_id, contactId: contact?.id ?? null, fingerprint: p.fingerprint, source: p.source, submissionType: p.submissionType, sessionId: session.sessionId, currency, products },
    now,
    random,
  );
  if (order.status === 'paid') return answer(db, order, session.sessionFingerprint);

  try {
    const result = await provider.chargeOrder({
      orderId: order.id,
      idempotencyKey: key,
      locationId: p.locationId,
      currency,
      items: products.map((product) => ({
        productId: product.id,
        name: product.name,
        amount: product.amount,
        currency,
        recurring: product.payment_type === 'recurring',
        interval: (product.interval as 'day' | 'week' | 'month' | 'year' | null) ?? null,
      })),
      customer: { email: contact?.email ?? null, name: contact?.full_name ?? null, contactId: contact?.id ?? null },
      card,
      description: `${funnel.name}: ${products.map((product) => product.name).join(', ')}`.slice(0, 500),
    });
    const eventType = p.submissionType === SUBMISSION_TYPES.orderForm ? 'sale' : 'upsell';
    await markPaid(db, order, result, { funnelId: funnel.id, stepId: step.id, pageId: order.page_id ?? '', eventType, fingerprint: p.fingerprint, contactId: order.contact_id, data: p.eventData }, now, random);
  } catch (err) {
    if (!(err instanceof PaymentFailure)) throw err;
    // A concurrent request with the same key is still charging: its outcome stands.
    if (err.kind !== 'in_progress') await markFailed(db, order, err.message, now);
    throw new ApiError(FAILURE_STATUS[err.kind], err.message);
  }
  const paid = await findOrderByKey(db, key);
  return answer(db, paid ?? order, session.sessionFingerprint);
}
