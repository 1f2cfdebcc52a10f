/** The payment provider the worker is configured with; null while no secret key is set. */
import type { Bindings } from '../env';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

export function paymentProviderFrom(env: Bindings): PaymentProvider | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiHost: env.STRIPE_API_HOST });
}
