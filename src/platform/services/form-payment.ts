/**
 * Card payment of a form with a payment field (src/schemas/form-payment.ts), as paid
 * calendars take theirs (./booking-payment.ts): the widget starts a card setup for the form
 * (POST /form/setup-intent), confirms it with the card in the browser, and submits with
 * `stripePaymentResult`. Before anything is written the provider is asked whether that
 * setup succeeded, for this location, with this card, for this form and its amount in
 * minor units read from the database. Without a provider the form stores nothing.
 */
import * as v from 'valibot';
import { toMinorUnits } from '../../lib/currency';
import { stripePaymentResult } from '../../schemas/appointment';
import type { FormDocument } from '../../schemas/form';
import { formPayment } from '../../schemas/form-payment';
import { ApiError } from '../http';
import { PaymentFailure, type PaymentProvider } from '../payments/provider';
import { CARDS_NOT_CONFIGURED, PAYMENT_FAILED, type VerifiedPayment } from './booking-payment';

export const FORM_CARD_REQUIRED = 'Card payment is required to send this form.';
export const FORM_NOT_PAID = 'This form takes no payment.';
export const FORM_CARD_NOT_VERIFIED = 'We could not verify your card for this form. Please enter your card again.';
const SETUP_FAILED = 'Something went wrong while processing your payment, please try again.';

/** The metadata a form's card setup carries, and that its verification expects back. */
export function formSetupMetadata(form: FormDocument): Record<string, string> {
  const payment = formPayment(form.form);
  const currency = payment?.currency ?? 'USD';
  return { form_id: form.id, amount: String(toMinorUnits(payment?.amount ?? 0, currency)), currency: currency.toLowerCase() };
}

/** Starts a card setup for a paid form; 400 for a free one, 503 while no provider is configured. */
export async function createFormSetupIntent(payments: PaymentProvider | null, form: FormDocument): Promise<string> {
  if (!formPayment(form.form)) throw new ApiError(400, FORM_NOT_PAID);
  if (!payments) throw new ApiError(503, CARDS_NOT_CONFIGURED);
  try {
    const { clientSecret } = await payments.createSetupIntent({ locationId: form.locationId, metadata: formSetupMetadata(form) });
    return clientSecret;
  } catch (err) {
    if (!(err instanceof PaymentFailure)) console.error('form setup intent failed', err);
    throw new ApiError(502, SETUP_FAILED);
  }
}

/** Verifies a paid form's card setup with the provider; null for a form that takes no payment. */
export async function verifyFormPayment(
  payments: PaymentProvider | null,
  form: FormDocument,
  payload: Readonly<Record<string, unknown>>,
): Promise<VerifiedPayment | null> {
  if (!formPayment(form.form)) return null;
  if (!payments) throw new ApiError(503, CARDS_NOT_CONFIGURED);
  const result = v.safeParse(stripePaymentResult, payload.stripePaymentResult);
  if (!result.success) throw new ApiError(400, payload.stripePaymentResult === undefined ? FORM_CARD_REQUIRED : FORM_CARD_NOT_VERIFIED, 'stripePaymentResult');
  const { paymentMethodId, client_secret } = result.output;
  const setupIntentId = client_secret.split('_secret_')[0] ?? '';
  const metadata = formSetupMetadata(form);
  try {
    await payments.checkCardSetup({ setupIntentId, paymentMethodId, locationId: form.locationId, metadata });
  } catch (err) {
    if (err instanceof PaymentFailure && err.kind !== 'unavailable') throw new ApiError(402, FORM_CARD_NOT_VERIFIED, 'stripePaymentResult');
    console.error('form card check failed', err);
    throw new ApiError(502, PAYMENT_FAILED);
  }
  return {
    json: JSON.stringify({ stripePaymentResult: { paymentMethodId, setupIntentId }, amount: metadata.amount, currency: metadata.currency }),
    setupIntentId,
  };
}

/** The statement that records a verified payment on its submission (in the submission's batch). */
export function paymentStatement(db: D1Database, submissionId: string, payment: VerifiedPayment): D1PreparedStatement {
  return db.prepare('UPDATE submissions SET payment = ?, setup_intent_id = ? WHERE id = ?').bind(payment.json, payment.setupIntentId, submissionId);
}

/** What the form widget needs to take the card: the amount (minor units), currency and publishable key ('' when cards are not configured). */
export function formPaymentView(form: FormDocument, publishableKey: string, configured: boolean) {
  const payment = formPayment(form.form);
  if (!payment) return null;
  return {
    amount: toMinorUnits(payment.amount, payment.currency),
    currency: payment.currency,
    publishable_key: configured ? publishableKey : '',
  };
}
