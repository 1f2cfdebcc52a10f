/**
 * The browser's side of the checkout calls (requirements FUNNEL-CALLS), shared by the order form island
 * and the payment button handler: paths, answers and one JSON transport whose outcome is
 * always one of three (accepted, refused with the server's msg, or not reached), so every
 * caller can end its busy state with a message.
 */
import type * as v from 'valibot';
import type { payPayload } from '../../schemas/payment-calls';

export const CHECKOUT_PATHS = {
  contact: '/api/contact',
  products: '/api/stripe/funnel/product/list',
  setupIntent: '/api/v2/funnel/product/setup-intent',
  pay: '/api/v2/funnel/product/pay',
} as const;

/** The product list call of a funnel step (all of the funnel's products without a step). */
export function productListUrl(funnelId: string, stepId: string): string {
  const query = new URLSearchParams({ funnel_id: funnelId, ...(stepId ? { step_id: stepId } : {}) });
  return `${CHECKOUT_PATHS.products}?${query}`;
}

/** What the pay call answers (requirements FUNNEL-CALLS). */
export interface PayAnswer {
  logs: { id: string; orderType: string; amount: number; currency: string }[];
  mmLogs: { token: string; contactId: string | null; locationId: string }[];
  sessionFingerprint: string;
  sessionId: string;
}

/** A product as the product list call answers it (src/platform/services/products.ts). */
export interface ProductOffer {
  id: string;
  productName: string;
  priceDisplay: string;
  paymentType: 'one_time' | 'recurring';
  interval: string | null;
  amount: number;
  currency: string;
  bumpProduct: boolean;
  description: string;
  imageUrl: string;
}

export type CallAnswer<T> = { kind: 'ok'; body: T } | { kind: 'refused'; status: number; msg: string } | { kind: 'offline'; error: unknown };

/** Reads an answer's JSON; a refusal keeps the server's msg ('' when it sent none). */
async function answerOf<T>(response: Response): Promise<CallAnswer<T>> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return { kind: 'ok', body: body as T };
  const msg = body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string' ? (body as { msg: string }).msg : '';
  return { kind: 'refused', status: response.status, msg };
}

export async function postJson<T>(path: string, body: unknown, fetcher: typeof fetch = fetch): Promise<CallAnswer<T>> {
  try {
    return await answerOf<T>(await fetcher(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' }));
  } catch (error) {
    return { kind: 'offline', error };
  }
}

export async function getJson<T>(path: string, fetcher: typeof fetch = fetch): Promise<CallAnswer<T>> {
  try {
    return await answerOf<T>(await fetcher(path, { credentials: 'same-origin' }));
  } catch (error) {
    return { kind: 'offline', error };
  }
}

/** The pay call's input as the browser sends it (the schema's input type: defaults may be left out). */
export type PayRequest = v.InferInput<typeof payPayload>;

/** Requirements PAGE-ERRORS: a failed payment shows the server's msg when it sent one, else the error's message. */
export function payFailureText(answer: Exclude<CallAnswer<unknown>, { kind: 'ok' }>, fallback: string): string {
  return answer.kind === 'refused' && answer.msg ? answer.msg : fallback;
}
