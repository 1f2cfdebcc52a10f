/** Routes of the payments area: requirements FUNNEL-CALLS product list, card setup and pay, with their answers. */
import type * as v from 'valibot';
import type { productListQuery } from '../funnel-calls';
import type { payPayload, setupIntentPayload } from '../payment-calls';
import { route } from './define-call';

/** A product as the product list call answers it and the order form shows it. */
export interface ProductView {
  id: string;
  productName: string;
  priceDisplay: string;
  /** True when `priceDisplay` is the seller's own text, shown as written (else it is computed). */
  priceWritten: boolean;
  paymentType: 'one_time' | 'recurring';
  /** Order type of requirements PAGE-DATA. */
  orderType: 'oneTime' | 'subscription';
  interval: string | null;
  productPrice: string;
  currencyPicked: string;
  currencySymbol: string;
  amount: number;
  currency: string;
  bumpProduct: boolean;
  description: string;
  imageUrl: string;
  position: number;
}

/** What the pay call answers (requirements FUNNEL-CALLS). */
export interface PayAnswer {
  logs: { id: string; orderType: string; amount: number; currency: string }[];
  mmLogs: { token: string; contactId: string | null; locationId: string }[];
  sessionFingerprint: string;
  sessionId: string;
}

/** The pay call's input as the browser sends it (the schema's input type: defaults may be left out). */
export type PayRequest = v.InferInput<typeof payPayload>;

export const paymentsRoutes = {
  productList: route<{ query: typeof productListQuery; answer: ProductView[] }>('GET', '/stripe/funnel/product/list'),
  setupIntent: route<{ json: typeof setupIntentPayload; answer: { client_secret?: string } }>('POST', '/v2/funnel/product/setup-intent'),
  pay: route<{ json: typeof payPayload; answer: PayAnswer }>('POST', '/v2/funnel/product/pay'),
};
