/**
 * The payment provider the worker is configured with; null while no secret key is set.
 * The Stripe SDK is loaded on the first payment call only, so page requests never pay
 * for parsing it.
 */
import type { Bindings } from '../env';
import type { PaymentProvider } from './provider';

export async function paymentProviderFrom(env: Bindings): Promise<PaymentProvider | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const { createStripeProvider } = await import('./stripe');
  return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiHost: env.STRIPE_API_HOST });
}
