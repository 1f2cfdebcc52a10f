/**
 * The card field of a paid calendar (and of a form that takes a payment): Stripe.js is loaded only here (the paid card step),
 * its card element mounted, and the card setup confirmed when the visitor books. When
 * Stripe.js cannot load the field says so instead of waiting forever.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { BookingMessages } from './messages';

export interface CardHandle {
  /** Confirms the card setup; answers the payment method id, or throws with the provider's message. */
  confirm(clientSecret: string, billing: { name?: string; email?: string }): Promise<string>;
}

/** The strings the card field shows: the booking widget's, or the form's (a form with a payment field). */
export type CardMessages = Pick<BookingMessages, 'card' | 'cardLoading' | 'cardLoadError' | 'paymentError' | 'tryAgain'>;

export interface CardFieldProps {
  publishableKey: string;
  messages: CardMessages;
  /** An error to show under the field (the provider's message). */
  error: string;
}

type CardState = 'loading' | 'ready' | 'failed';

export const CardField = forwardRef<CardHandle, CardFieldProps>(function CardField({ publishableKey, messages: m, error }, ref) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<CardState>('loading');
  const [cardError, setCardError] = useState('');

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let live = true;
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(publishableKey);
        if (!stripe || !live || !mountRef.current) throw new Error('Stripe.js unavailable');
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('change', (e) => setCardError(e.error?.message ?? ''));
        stripeRef.current = { stripe, card };
        setState('ready');
      } catch {
        if (live) setState('failed');
      }
    })();
    return () => {
      live = false;
      card?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async confirm(clientSecret, billing) {
      const current = stripeRef.current;
      if (!current) throw new Error(m.cardLoadError);
      const result = await current.stripe.confirmCardSetup(clientSecret, { payment_method: { card: current.card, billing_details: billing } });
      if (result.error) throw new Error(result.error.message || m.paymentError);
      const pm = result.setupIntent?.payment_method;
      const pmId = typeof pm === 'string' ? pm : pm?.id;
      if (!pmId) throw new Error(m.paymentError);
      return pmId;
    },
  }));

  const shown = error || cardError;
  return (
    <fieldset className="ef-booking__card" aria-describedby={shown ? `${id}-error` : undefined}>
      <legend className="ef-booking__card-label">{m.card}</legend>
      <div ref={mountRef} className="ef-booking__card-mount" data-state={state} />
      {state === 'loading' && <p className="ef-booking__hint">{m.cardLoading}</p>}
      {state === 'failed' && (
        <p className="ef-booking__error" role="alert">
          {m.cardLoadError}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="ef-booking__error" role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  );
});
