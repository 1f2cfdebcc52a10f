/**
 * Card setup for paid calendars (POST /appointment/setup-intent): a Stripe SetupIntent
 * whose client secret the widget confirms with the card. Charging is its own concern; this
 * only starts the setup. The SDK loads on first use, on its fetch client.
 */
import type { Bindings } from '../env';
import { ApiError } from '../http';

export const CARDS_NOT_CONFIGURED = 'Card payments are not configured for this seller.';

/** Creates a SetupIntent for the location; 503 when no secret key is configured. */
export async function createBookingSetupIntent(env: Bindings, locationId: string): Promise<string> {
  if (!env.STRIPE_SECRET_KEY) throw new ApiError(503, CARDS_NOT_CONFIGURED);
  const { default: Stripe } = await import('stripe');
  const [host, port] = (env.STRIPE_API_HOST ?? '').split(':');
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(host ? { host, port: port ? Number(port) : 80, protocol: 'http' as const } : {}),
  });
  try {
    const intent = await stripe.setupIntents.create({ usage: 'off_session', metadata: { locationId, source: 'calendar' } });
    if (!intent.client_secret) throw new Error('SetupIntent without client secret');
    return intent.client_secret;
  } catch (err) {
    console.error('stripe setup intent failed', err);
    throw new ApiError(502, 'Something went wrong while processing your payment, please try again.');
  }
}
