/** Calls of the payments area: requirements FUNNEL-CALLS product list, card setup and pay. */
import type { CallSpec } from '../call';
import { defineCall } from '../call';
import { productListQuery } from '../../schemas/funnel-calls';
import { payPayload, setupIntentPayload } from '../../schemas/payment-calls';

export const paymentsCalls = {
  productList: defineCall({ method: 'GET', path: '/stripe/funnel/product/list', query: productListQuery }),
  setupIntent: defineCall({ method: 'POST', path: '/v2/funnel/product/setup-intent', json: setupIntentPayload }),
  pay: defineCall({ method: 'POST', path: '/v2/funnel/product/pay', json: payPayload }),
} satisfies Record<string, CallSpec>;
