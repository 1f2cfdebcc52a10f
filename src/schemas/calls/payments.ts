/** Specs of the payments area (./payments-routes.ts). */
import { productListQuery } from '../funnel-calls';
import { payPayload, setupIntentPayload } from '../payment-calls';
import { defineCall } from './define-call';
import { paymentsRoutes as routes } from './payments-routes';

export const paymentsCalls = {
  productList: defineCall(routes.productList, { query: productListQuery }),
  setupIntent: defineCall(routes.setupIntent, { json: setupIntentPayload }),
  pay: defineCall(routes.pay, { json: payPayload }),
};
