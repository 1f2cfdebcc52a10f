/**
 * Card setup for paid calendars (POST /appointment/setup-intent): a setup started through
 * the payment provider, whose client secret the widget confirms with the card. With a
 * calendar, the setup carries its id and amount so the booking can be verified against it.
 */
import type { CalendarDocument } from '../../schemas/calendar';
import { ApiError } from '../http';
import { PaymentFailure, type PaymentProvider } from '../payments/provider';
import { bookingSetupMetadata, CARDS_NOT_CONFIGURED } from './booking-payment';

export { CARDS_NOT_CONFIGURED };

const SETUP_FAILED = 'Something went wrong while processing your payment, please try again.';

/** Starts a card setup for the location (and calendar); 503 while no provider is configured. */
export async function createBookingSetupIntent(payments: PaymentProvider | null, locationId: string, calendar: CalendarDocument | null): Promise<string> {
  if (!payments) throw new ApiError(503, CARDS_NOT_CONFIGURED);
  try {
    const { clientSecret } = await payments.createSetupIntent({ locationId, metadata: calendar ? bookingSetupMetadata(calendar) : {} });
    return clientSecret;
  } catch (err) {
    if (!(err instanceof PaymentFailure)) console.error('setup intent failed', err);
    throw new ApiError(502, SETUP_FAILED);
  }
}
