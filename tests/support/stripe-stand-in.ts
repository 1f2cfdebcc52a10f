/**
 * Stripe's REST API at its network boundary for the workerd tests: miniflare's outbound
 * service answers requests to STRIPE_STAND_IN_HOST with the stand-in of
 * scripts/stripe-stand-in/api.mjs (the same one `npm start` and the browser tests use);
 * every other outbound request passes through untouched.
 */
import { createStripeApi } from '../../scripts/stripe-stand-in/api.mjs';

/** The host:port that tests point STRIPE_API_HOST at. */
export const STRIPE_STAND_IN_HOST = 'stripe.test:12111';

const stripe = createStripeApi();

/** Any other request goes out as it would without the stand-in (miniflare's Request is not Node's). */
async function passThrough(request: Request): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return fetch(request.url, { method: request.method, headers: [...request.headers], body, redirect: 'manual' });
}

/** Miniflare's outbound service: Stripe's API on STRIPE_STAND_IN_HOST, everything else passed on. */
export async function stripeStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== STRIPE_STAND_IN_HOST) return passThrough(request);
  return stripe.fetch(request);
}
