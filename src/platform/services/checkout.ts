/**
 * The pay call (requirements FUNNEL-CALLS): an order form sale on a card just set up, or a payment
 * button's one-click upsell on the card of an order paid in this funnel visit. The order is
 * priced from the products table, limited to the products offered on that funnel step,
 * stored once per attempt (orders.ts) and charged through the payment provider with the
 * attempt's idempotency key. If recording the paid order fails after the charge, the order
 * stays "processing": a retry replays the charge and records it, and the provider's
 * webhook reconciles it (payment-events.ts).
 */
import { requestTouches } from './attribution';
import type { ConsentVisitor } from './consent';
import { hasConsentRecord } from './consent-records';
import { orderTerms } from './order-consent';
import { experimentTag, stepShowsPageSql, type VariantCookies } from './experiment-tags';
import { cryptoRandom, type RandomBytes } from '../../lib/ids';
import { cutText } from '../../lib/text';
import { type PayPayload, SUBMISSION_TYPES } from '../../schemas/payment-calls';
import { ApiError } from '../http';
import type { OneClickProof } from '../payments/one-click-proof';
import { PaymentFailure, type PaymentFailureKind, type PaymentProvider } from '../payments/provider';
import { cardSource, customerFor, type Payer } from './checkout-card';
import { type Funnel, getFunnel } from './funnels';
import { createOrder, currentAttempt, findOrderByKey, markFailed, markPaid, type OrderRow, orderKey, orderLogs } from './orders';
import { getProducts, type ProductRow } from './products';
import { ensureSession } from './sessions';

export const NO_PRIMARY_PRODUCT = 'You must select at least one primary product for this transaction.';
export const NOT_ON_STEP = 'productList: one or more products are not offered on this funnel step.';
export const CHARGED_NOT_RECORDED =
  'Your payment was received, but your order could not be confirmed yet. Please do not pay again: try once more in a moment, and the same payment will complete your order.';

/** HTTP status a visitor gets for each kind of payment failure. */
const FAILURE_STATUS: Record<PaymentFailureKind, 400 | 402 | 409 | 502> = { declined: 402, invalid: 400, unavailable: 502, in_progress: 409 };

export interface PayResult {
  logs: Record<string, unknown>[];
  mmLogs: { token: string; contactId: string | null; locationId: string }[];
  sessionFingerprint: string;
  sessionId: string;
}

export interface PayOutcome {
  result: PayResult;
  /** The paid order, for the one-click proof the answer carries. */
  paid: OneClickProof;
}

export interface PayContext {
  now: number;
  random?: RandomBytes;
  /** The visitor's verified proof of an order paid in this funnel visit (payment buttons). */
  proof: OneClickProof | null;
  /** The request's Cookie header: the edge's attribution cookies (./attribution.ts). */
  cookie?: string | null;
  /** Who sent it, for the consent record of the order form's terms. */
  visitor?: ConsentVisitor;
  /** The visitor's split-test variant cookies: the order carries its test and variant (./experiment-tags.ts). */
  variantCookies?: VariantCookies;
}

async function orderPlace(db: D1Database, p: PayPayload) {
  const funnel = await getFunnel(db, p.funnelId);
  if (!funnel || funnel.locationId !== p.locationId) throw new ApiError(404, 'Funnel not found');
  const step = await db
    .prepare(`SELECT s.id, s.page_id, ${stepShowsPageSql('s', '?3')} AS shows FROM funnel_steps s WHERE s.id = ?1 AND s.funnel_id = ?2`)
    .bind(p.stepId, funnel.id, p.pageId ?? null)
    .first<{ id: string; page_id: string | null; shows: number }>();
  if (!step) throw new ApiError(404, 'Funnel step not found');
  if (p.pageId && !step.shows) throw new ApiError(404, 'Page not found');
  return { funnel, step };
}

/** The order's products from the database: all offered on this funnel step, one currency, at least one primary. */
async function orderProducts(db: D1Database, p: PayPayload): Promise<{ products: ProductRow[]; currency: string }> {
  const products = await getProducts(db, p.productList);
  const wanted = new Set(p.productList);
  if (
    products.length !== wanted.size ||
    products.some((product) => product.location_id !== p.locationId || product.funnel_id !== p.funnelId || product.step_id !== p.stepId)
  ) {
    throw new ApiError(400, NOT_ON_STEP, 'productList');
  }
  if (!products.some((product) => product.bump === 0)) throw new ApiError(400, NO_PRIMARY_PRODUCT, 'productList');
  const currencies = new Set(products.map((product) => product.currency.toUpperCase()));
  if (currencies.size !== 1) throw new ApiError(400, 'productList: all products of one order must share one currency.', 'productList');
  return { products, currency: [...currencies][0] ?? 'USD' };
}

async function visitorContact(db: D1Database, locationId: string, fingerprint: string): Promise<Payer | null> {
  return db
    .prepare('SELECT id, email, full_name FROM contacts WHERE location_id = ? AND fingerprint = ? ORDER BY updated_at DESC LIMIT 1')
    .bind(locationId, fingerprint)
    .first<Payer>();
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
    {
      locationId: p.locationId,
      kind: 'funnel',
      refId: funnel.id,
      name: funnel.name,
      fingerprint: p.sessionFingerprint ?? p.fingerprint,
      sessionId: orderSession ?? p.sessionId,
    },
    now,
    random,
  );
}

async function outcome(db: D1Database, order: OrderRow, sessionFingerprint: string, now: number): Promise<PayOutcome> {
  return {
    result: {
      logs: await orderLogs(db, order),
      mmLogs: [{ token: order.membership_token ?? '', contactId: order.contact_id, locationId: order.location_id }],
      sessionFingerprint,
      sessionId: order.session_id ?? '',
    },
    paid: { orderId: order.id, funnelId: order.funnel_id ?? '', contactId: order.contact_id ?? '', paidAt: order.paid_at ?? now },
  };
}

/** The charge's description at the payment provider: the funnel and its products, at most 500 characters (Stripe's limit), never half an emoji. */
export function chargeDescription(funnelName: string, productNames: readonly string[]): string {
  return cutText(`${funnelName}: ${productNames.join(', ')}`, 500);
}

export async function payOrder(db: D1Database, provider: PaymentProvider, p: PayPayload, ctx: PayContext): Promise<PayOutcome> {
  const { now, random = cryptoRandom } = ctx;
  const { funnel, step } = await orderPlace(db, p);
  const { products, currency } = await orderProducts(db, p);
  const contact = await visitorContact(db, p.locationId, p.fingerprint);
  const card = await cardSource(db, p, ctx.proof, contact?.id ?? '');
  const submission = await orderKey(keyParts(p));
  const attempt = await currentAttempt(db, submission);

  let order = attempt.order;
  if (order?.status === 'paid') return outcome(db, order, (await sessionOf(db, p, funnel, order.session_id, now, random)).sessionFingerprint, now);
  if (card.kind === 'setup') {
    await asApiError(provider.checkCardSetup({ setupIntentId: card.setupIntentId, paymentMethodId: card.paymentMethodId, locationId: p.locationId }));
  }

  const terms =
    p.submissionType !== SUBMISSION_TYPES.orderForm
      ? null
      : await orderTerms({
          db,
          locationId: p.locationId,
          pageId: p.pageId ?? step.page_id,
          box: 'terms' in p ? p.terms : undefined,
          pageUrl: p.eventData.page_url,
          visitor: ctx.visitor ?? { ip: null, userAgent: null, language: null },
          now,
        });
  const session = await sessionOf(db, p, funnel, order?.session_id ?? null, now, random);
  const tag = order ? null : await experimentTag(db, ctx.variantCookies, { funnelId: funnel.id, stepId: step.id });
  order ??= await createOrder(
    db,
    { of: submission, n: attempt.attempt, key: attempt.key },
    {
      locationId: p.locationId,
      funnelId: funnel.id,
      stepId: step.id,
      pageId: p.pageId ?? step.page_id,
      contactId: contact?.id ?? null,
      fingerprint: p.fingerprint,
      source: p.source,
      submissionType: p.submissionType,
      sessionId: session.sessionId,
      currency,
      products,
      touches: requestTouches(ctx.cookie, p.eventData, now),
      tag,
    },
    now,
    random,
  );
  if (order.status === 'paid') return outcome(db, order, session.sessionFingerprint, now);
  if (terms && !(await hasConsentRecord(db, 'order', order.id))) await (await terms(order.id, order.contact_id)).run();

  let result: Awaited<ReturnType<PaymentProvider['chargeOrder']>>;
  try {
    const customerId = card.kind === 'saved' ? card.customerId : await customerFor(db, provider, p.locationId, contact, attempt.key, now);
    result = await provider.chargeOrder({
      orderId: order.id,
      idempotencyKey: attempt.key,
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
      customerId,
      card,
      description: chargeDescription(
        funnel.name,
        products.map((product) => product.name),
      ),
    });
  } catch (err) {
    if (!(err instanceof PaymentFailure)) throw err;
    // A concurrent request with the same key is still charging: its outcome stands.
    if (err.kind !== 'in_progress') await markFailed(db, order, err.message, now);
    throw new ApiError(FAILURE_STATUS[err.kind], err.message);
  }
  try {
    const eventType = p.submissionType === SUBMISSION_TYPES.orderForm ? 'sale' : 'upsell';
    await markPaid(
      db,
      order,
      result,
      {
        funnelId: funnel.id,
        stepId: step.id,
        pageId: order.page_id ?? '',
        eventType,
        fingerprint: p.fingerprint,
        contactId: order.contact_id,
        data: p.eventData,
      },
      now,
      random,
    );
  } catch (err) {
    // Charged but not recorded: the order stays processing under its key, so a retry
    // replays the charge and the webhook reconciles it.
    console.error('order charged but not recorded', order.id, err);
    throw new ApiError(503, CHARGED_NOT_RECORDED);
  }
  const paid = await findOrderByKey(db, attempt.key);
  return outcome(db, paid ?? order, session.sessionFingerprint, now);
}
