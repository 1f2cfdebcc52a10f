/**
 * Payloads of the card payment calls of requirements FUNNEL-CALLS. Two pay shapes share one call:
 * the order form (submission type 2, a freshly set-up card) and the payment button
 * (submission type 3, a one-click upsell on the card saved by an earlier order).
 * Amounts are never part of a payload: they come from the products table.
 */
import * as v from 'valibot';
import { id } from './common';
import { consentBox, eventData, fingerprint } from './funnel-calls';

/** Submission type codes (requirements PAGE-LIMITS). */
export const SUBMISSION_TYPES = { orderForm: 2, paymentButton: 3 } as const;

/** Most products one order may hold. */
export const MAX_ORDER_PRODUCTS = 20;

export const setupIntentPayload = v.object({ locationId: id });

/** A SetupIntent client secret, `seti_…_secret_…`. */
export const clientSecret = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^seti_[A-Za-z0-9]+_secret_[A-Za-z0-9_]+$/, 'must be a card setup client secret'),
  v.maxLength(200),
);

const paymentMethodId = v.pipe(v.string(), v.trim(), v.regex(/^pm_[A-Za-z0-9_]{1,100}$/, 'must be a payment method id'));

const common = {
  fingerprint,
  locationId: id,
  funnelId: id,
  stepId: id,
  pageId: v.optional(id),
  eventData: v.optional(eventData, {}),
  sessionId: v.optional(id),
  sessionFingerprint: v.optional(fingerprint),
};

export const orderFormPayment = v.object({
  ...common,
  submissionType: v.literal(SUBMISSION_TYPES.orderForm),
  source: v.optional(v.literal('order_form'), 'order_form'),
  paymentMethodId,
  client_secret: clientSecret,
  productList: v.pipe(v.array(id), v.nonEmpty('must name at least one product'), v.maxLength(MAX_ORDER_PRODUCTS)),
  /** The order form's terms box (its payment step), when it shows one. */
  terms: v.optional(consentBox),
});

export const paymentButtonPayment = v.object({
  ...common,
  submissionType: v.literal(SUBMISSION_TYPES.paymentButton),
  source: v.optional(v.literal('payment_button'), 'payment_button'),
  productList: v.pipe(v.array(id), v.length(1, 'must name exactly one product')),
});

export const payPayload = v.variant('submissionType', [orderFormPayment, paymentButtonPayment], 'submissionType: must be 2 (order form) or 3 (payment button)');
export type PayPayload = v.InferOutput<typeof payPayload>;
