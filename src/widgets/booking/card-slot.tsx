/** The card field, loaded as its own chunk: Stripe.js and the field's code reach only visitors of a paid calendar. */
import { forwardRef, lazy, Suspense } from 'react';
import type { CardFieldProps, CardHandle } from './card-field';

const CardField = lazy(() => import('./card-field').then((m) => ({ default: m.CardField })));

export const CardSlot = forwardRef<CardHandle, CardFieldProps>(function CardSlot(props, ref) {
  return (
    <Suspense fallback={<p className="ef-booking__hint">{props.messages.cardLoading}</p>}>
      <CardField ref={ref} {...props} />
    </Suspense>
  );
});
