/**
 * Card payment of a paid calendar's booking. The widget starts a card setup through the
 * payment provider (POST /appointment/setup-intent, with the calendar) and confirms it with
 * the card; the booking then names that setup. Before the appointment is written the
 * provider is asked whether the setup succeeded for this location, with this card, for
 * this calendar and this amount in the currency's minor units (requirements WIDGET-LIMITS) read from the database.
 * A result the provider does not confirm books nothing.
 */
import { toMinorUnits } from '../../lib/currency';
import type { BookingSubmission } from '../../schemas/booking-calls';
import { type CalendarDocument, isPaidCalendar } from '../../schemas/calendar';
import { ApiError } from '../http';
import { PaymentFailure, type PaymentProvider } from '../payments/provider';

export const CARDS_NOT_CONFIGURED = 'Card payments are not configured for this seller.';
export const CARD_REQUIRED = 'Card payment is required to book this calendar.';
export const CARD_NOT_VERIFIED = 'We could not verify your card for this booking. Please enter your card again.';
/** Requirements WIDGET-ERRORS: the message for a payment the provider could not process. */
export const PAYMENT_FAILED = 'Something went wrong with your payment. Please try again.';

/** The metadata a booking's card setup carries, and that its verification expects back. */
export function bookingSetupMetadata(calendar: CalendarDocument): Record<string, string> {
  const currency = calendar.stripe?.currency ?? 'USD';
  return {
    calendar_id: calendar.id,
    amount: String(toMinorUnits(calendar.stripe?.amount ?? 0, currency)),
    currency: currency.toLowerCase(),
  };
}

/** What the appointment stores of a verified payment. */
export interface VerifiedPayment {
  json: string;
  setupIntentId: string;
}

/** Verifies a paid calendar's card setup with the provider; null for a free calendar. */
export async function verifyBookingPayment(
  payments: PaymentProvider | null,
  calendar: CalendarDocument,
  payload: BookingSubmission,
): Promise<VerifiedPayment | null> {
  if (!isPaidCalendar(calendar)) return null;
  const result = payload.stripePaymentResult;
  // A bare card token says nothing about this calendar or amount, so it cannot pay for a booking.
  if (!result) throw new ApiError(400, payload.stripeToken ? CARD_NOT_VERIFIED : CARD_REQUIRED, 'stripePaymentResult');
  if (!payments) throw new ApiError(503, CARDS_NOT_CONFIGURED);
  const setupIntentId = result.client_secret.split('_secret_')[0] ?? '';
  try {
    await payments.checkCardSetup({
      setupIntentId,
      paymentMethodId: result.paymentMethodId,
      locationId: calendar.locationId,
      metadata: bookingSetupMetadata(calendar),
    });
  } catch (err) {
    if (err instanceof PaymentFailure && err.kind !== 'unavailable') throw new ApiError(402, CARD_NOT_VERIFIED, 'stripePaymentResult');
    console.error('booking card check failed', err);
    throw new ApiError(502, PAYMENT_FAILED);
  }
  return {
    json: JSON.stringify({ stripePaymentResult: { paymentMethodId: result.paymentMethodId, setupIntentId }, amount: bookingSetupMetadata(calendar).amount }),
    setupIntentId,
  };
}
