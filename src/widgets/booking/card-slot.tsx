/** The card field, loaded as its own chunk: Stripe.js and the field's code reach only visitors of a paid calendar. */
import { forwardRef } from 'react';
import { LazyPartView, LoadFailed, lazyPart } from '../lazy-part';
import type { CardFieldProps, CardHandle } from './card-field';
import { FAILED_CLASSES } from './part-failed';

const cardField = lazyPart(
  () => import('./card-field'),
  (module) => module.CardField,
);

export const CardSlot = forwardRef<CardHandle, CardFieldProps>(function CardSlot(props, ref) {
  const m = props.messages;
  return (
    <LazyPartView
      part={cardField}
      props={{ ...props, ref }}
      loading={<p className="ef-booking__hint">{m.cardLoading}</p>}
      failed={(retry) => <LoadFailed message={m.cardLoadError} retryLabel={m.tryAgain} retry={retry} classes={FAILED_CLASSES} />}
    />
  );
});
