/**
 * The payment of the order form (requirements PAGE-STATES, FUNNEL-CALLS, PAGE-ERRORS) as an explicit state: idle →
 * processing (button disabled, spinner) → redirecting; or the error is shown and the form
 * is idle again. A card confirmed once is kept for a retry after a lost answer or a
 * provider outage (the server then finds the same attempt); a declined card is dropped so
 * the visitor enters another.
 */
import { useRef, useState } from 'react';
import { callApi, refusalText } from '../../client/api';
import { completeSale } from '../../client/checkout/after-sale';
import { saleTarget } from '../../lib/checkout/sale-target';
import { type PayRequest, paymentsRoutes, type ProductView } from '../../schemas/calls/payments-routes';
import type { BillingDetails, CardConfirmation } from './use-card';
import type { CheckoutStrings } from './types';

export type PayState = { kind: 'idle' } | { kind: 'processing' } | { kind: 'redirecting' } | { kind: 'unavailable' };

export interface Visit {
  funnelId: string;
  stepId: string;
  pageId: string;
  locationId: string;
  nextStepUrl: string;
  fingerprint: string;
  sessionId?: string;
  sessionFingerprint?: string;
  eventData: Record<string, unknown>;
}

interface PayInput {
  /** The order form's terms box, when it shows one (ticked: the form checked it first). */
  terms?: { element_id: string; checked: boolean };
  products: ProductView[];
  billing: BillingDetails;
  confirm: (clientSecret: string, billing: BillingDetails) => Promise<CardConfirmation>;
}

export function useCheckout(visit: () => Visit, strings: CheckoutStrings, saleAction: string) {
  const [state, setState] = useState<PayState>({ kind: 'idle' });
  const [error, setError] = useState('');
  const confirmed = useRef<{ clientSecret: string; paymentMethodId: string } | null>(null);

  const fail = (message: string) => {
    setError(message);
    setState({ kind: 'idle' });
  };

  async function setUpCard(v: Visit, input: PayInput): Promise<{ clientSecret: string; paymentMethodId: string } | null> {
    if (confirmed.current) return confirmed.current;
    const intent = await callApi(paymentsRoutes.setupIntent, { json: { locationId: v.locationId } });
    if (intent.kind === 'refused' && intent.status === 503) {
      setState({ kind: 'unavailable' });
      return null;
    }
    if (intent.kind !== 'ok') {
      fail(refusalText(intent, strings.paymentFailed));
      return null;
    }
    const clientSecret = intent.body.client_secret;
    if (!clientSecret) {
      console.error('order form: the setup intent has no client secret');
      fail(strings.missingSecret);
      return null;
    }
    const card = await input.confirm(clientSecret, input.billing);
    if (!card.ok) {
      // The provider's message shows under the card field.
      setState({ kind: 'idle' });
      return null;
    }
    confirmed.current = { clientSecret, paymentMethodId: card.paymentMethodId };
    return confirmed.current;
  }

  async function pay(input: PayInput): Promise<void> {
    if (state.kind !== 'idle') return;
    setError('');
    if (!input.products.some((product) => !product.bumpProduct)) {
      setError(strings.noPrimary);
      return;
    }
    setState({ kind: 'processing' });
    const v = visit();
    const card = await setUpCard(v, input);
    if (!card) return;
    const request: PayRequest = {
      fingerprint: v.fingerprint,
      paymentMethodId: card.paymentMethodId,
      productList: input.products.map((product) => product.id),
      locationId: v.locationId,
      funnelId: v.funnelId,
      stepId: v.stepId,
      ...(v.pageId ? { pageId: v.pageId } : {}),
      source: 'order_form',
      client_secret: card.clientSecret,
      submissionType: 2,
      eventData: v.eventData,
      ...(input.terms ? { terms: input.terms } : {}),
      ...(v.sessionId ? { sessionId: v.sessionId } : {}),
      ...(v.sessionFingerprint ? { sessionFingerprint: v.sessionFingerprint } : {}),
    };
    const answer = await callApi(paymentsRoutes.pay, { json: request });
    if (answer.kind !== 'ok') {
      if (answer.kind === 'offline') console.error('order form: the pay call failed', answer.error);
      else console.error('order form: payment refused', answer.status, answer.msg);
      // A declined or refused card cannot be charged again: the next try sets up a new one.
      if (answer.kind === 'refused' && answer.status >= 400 && answer.status < 500) confirmed.current = null;
      fail(refusalText(answer, strings.paymentFailed));
      return;
    }
    setState({ kind: 'redirecting' });
    const target = saleTarget(saleAction, v.nextStepUrl, window.location.search);
    const redirected = completeSale(window, {
      answer: answer.body,
      locationId: v.locationId,
      pixelEvent: 'OrderFormPurchase',
      target,
      postSaleMessage: strings.postSale,
    });
    if (!redirected) setState({ kind: 'idle' });
  }

  return { state, error, pay };
}
