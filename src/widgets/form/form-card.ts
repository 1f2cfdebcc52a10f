/**
 * The card of a form that takes a payment, as the booking widget takes a paid calendar's:
 * on submit a card setup is started for the form (POST /form/setup-intent), confirmed with
 * the card through Stripe.js, and the submission names it (`stripePaymentResult`); the
 * server verifies it with the provider before storing anything. Without Stripe configured
 * the form says so and sends nothing.
 */
import { useRef, useState } from 'react';
import { callApi } from '../../client/api';
import { formsRoutes } from '../../schemas/calls/forms-routes';
import type { CardHandle } from '../booking/card-field';
import type { FormCardEnv, UiStrings } from './types';

/** A form's payment as its island receives it: the amount in the visitor's language, and the publishable key ('' when cards are not configured). */
export interface FormPaymentProps {
  amountLabel: string;
  publishableKey: string;
}

export type CardOutcome = { kind: 'none' } | { kind: 'card'; extras: Record<string, unknown> } | { kind: 'failed'; message: string };

export function useFormCard(formId: string, payment: FormPaymentProps | null | undefined, ui: UiStrings) {
  const card = useRef<CardHandle | null>(null);
  const [error, setError] = useState('');
  const env: FormCardEnv | undefined = payment ? { ...payment, card, error } : undefined;

  /** Sets up and confirms the card for this submission; `none` when the form takes no payment. */
  async function confirm(values: Record<string, unknown>): Promise<CardOutcome> {
    setError('');
    if (!payment) return { kind: 'none' };
    if (!payment.publishableKey) return { kind: 'failed', message: ui.paymentUnavailable };
    const intent = await callApi(formsRoutes.setupIntent, { json: { formId } });
    const secret = intent.kind === 'ok' ? intent.body.client_secret : undefined;
    if (!secret) return { kind: 'failed', message: intent.kind === 'refused' && intent.status === 503 ? ui.paymentUnavailable : ui.paymentError };
    try {
      const name = [values.first_name, values.last_name, values.full_name, values.name].filter((x) => typeof x === 'string' && x).join(' ');
      const email = typeof values.email === 'string' ? values.email : undefined;
      const paymentMethodId = await card.current?.confirm(secret, { ...(name ? { name } : {}), ...(email ? { email } : {}) });
      if (!paymentMethodId) throw new Error(ui.cardLoadError);
      return { kind: 'card', extras: { stripePaymentResult: { paymentMethodId, client_secret: secret } } };
    } catch (err) {
      const message = (err as Error).message || ui.paymentError;
      setError(message);
      return { kind: 'failed', message };
    }
  }

  return { env, confirm, showError: setError };
}
