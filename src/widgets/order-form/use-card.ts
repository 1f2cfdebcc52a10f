/**
 * The card field, through Stripe.js (@stripe/stripe-js). Stripe.js is fetched only when the
 * card step is shown (`active`), from js.stripe.com; when it cannot load, or the seller has
 * no publishable key, the status is `unavailable` and the form says so. The provider's
 * message about the card shows under the field and clears once the card is valid again.
 * A click on the card field before it is there (the click that woke a client:interact island
 * is replayed on it) puts the cursor in the card number once the field is ready.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type CardStatus = 'waiting' | 'loading' | 'ready' | 'unavailable';

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  postalCode?: string;
}

export type CardConfirmation = { ok: true; paymentMethodId: string } | { ok: false; message: string };

export function useCard(publishableKey: string, active: boolean, mount: RefObject<HTMLDivElement | null>) {
  // Without a key the server render already says cards are unavailable.
  const [status, setStatus] = useState<CardStatus>(publishableKey ? 'waiting' : 'unavailable');
  const [cardError, setCardError] = useState('');
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const focusWhenReady = useRef(false);

  useEffect(() => {
    if (!active) return;
    if (!publishableKey) {
      setStatus('unavailable');
      return;
    }
    let cancelled = false;
    setStatus('loading');
    // The pure entry point: importing it does not inject Stripe.js; loadStripe does, now.
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (cancelled) return;
        if (!loaded || !mount.current) throw new Error('Stripe.js is not available');
        const element = loaded.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        element.on('change', (event) => setCardError(event.error?.message ?? ''));
        element.on('ready', () => {
          if (focusWhenReady.current) element.focus();
          focusWhenReady.current = false;
        });
        element.mount(mount.current);
        stripe.current = loaded;
        card.current = element;
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('order form: Stripe.js could not load', error);
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [active, publishableKey, mount]);

  /** Confirms the card setup of `clientSecret`; the provider's message goes under the card field. */
  const confirm = useCallback(async (clientSecret: string, billing: BillingDetails): Promise<CardConfirmation> => {
    if (!stripe.current || !card.current) return { ok: false, message: '' };
    const result = await stripe.current.confirmCardSetup(clientSecret, {
      payment_method: {
        card: card.current,
        billing_details: {
          name: billing.name || undefined,
          email: billing.email || undefined,
          phone: billing.phone || undefined,
          address: billing.postalCode ? { postal_code: billing.postalCode } : undefined,
        },
      },
    });
    const method = result.setupIntent?.payment_method;
    if (result.error || !method) {
      const message = result.error?.message ?? '';
      setCardError(message);
      return { ok: false, message };
    }
    return { ok: true, paymentMethodId: typeof method === 'string' ? method : method.id };
  }, []);

  /** The visitor reached for the card field: focus it now, or once it is ready. */
  const focus = useCallback(() => {
    if (card.current) card.current.focus();
    else focusWhenReady.current = true;
  }, []);

  return { status, cardError, confirm, focus };
}
