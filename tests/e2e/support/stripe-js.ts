/**
 * Stripe in browser tests, stood in at its network boundary: https://js.stripe.com/** is
 * answered with the Stripe.js stand-in (scripts/stripe-stand-in/stripe-js.js) and
 * https://api.stripe.com/** is forwarded to the Stripe API stand-in that the worker also
 * talks to (STRIPE_API_HOST, started by playwright.config.ts). Test cards behave as on
 * Stripe: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for
 * 3-D Secure (buttons "Complete authentication" / "Fail authentication"), 4000 0000 0000
 * 0341 is declined when charged.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { STRIPE_STAND_IN_PORT } from '../playwright.config';

export const STRIPE_API_ORIGIN = `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`;
const STRIPE_JS = readFileSync(new URL('../../../scripts/stripe-stand-in/stripe-js.js', import.meta.url), 'utf8');

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
  declinedOnCharge: '4000000000000341',
} as const;

/** Routes Stripe.js and Stripe's API of this page to the stand-ins. */
export async function useStripeStandIn(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS }));
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${STRIPE_API_ORIGIN}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** Stripe.js cannot load (offline, blocked by an extension or a firewall). */
export async function blockStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
}

/** Arms a failure of the next `times` calls to a Stripe API path: an HTTP status, or a dropped connection. */
export async function failStripeCall(path: string, failure: { status?: number; drop?: boolean; times?: number } = {}): Promise<void> {
  const body = new URLSearchParams({ path, status: String(failure.status ?? 500), drop: String(Boolean(failure.drop)), times: String(failure.times ?? 1) });
  await fetch(`${STRIPE_API_ORIGIN}/__fail`, { method: 'POST', body });
}

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  replayed: boolean;
}

/** Every request the Stripe API stand-in has seen. */
export async function stripeLog(): Promise<StripeRequest[]> {
  return (await (await fetch(`${STRIPE_API_ORIGIN}/__log`)).json()) as StripeRequest[];
}

/** Types a card into the (stand-in) card element. */
export async function typeCard(page: Page, number: string, expiry = '12 / 34', cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}
