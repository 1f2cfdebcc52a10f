/**
 * Card entry and the pay button (requirements PAGE-STATES, PAGE-ERRORS): the Stripe card field with the
 * provider's message under it, the postal code when enabled, the button (disabled with a
 * spinner while processing), the form's own error, and the notice that card payments are
 * unavailable when Stripe.js cannot load or Stripe is not configured.
 */
import type { RefObject } from 'react';
import type { CardStatus } from './use-card';
import type { PayState } from './use-checkout';
import type { OrderFormProps } from './types';

interface Props {
  form: OrderFormProps;
  cardMount: RefObject<HTMLDivElement | null>;
  cardStatus: CardStatus;
  cardError: string;
  /** A click on the card field before Stripe's field is in it. */
  onCardClick: () => void;
  payState: PayState;
  error: string;
  postalCode: string;
  onPostalCode: (value: string) => void;
  buttonText: string;
  contactKept: boolean;
  /** One-step form without cards: the button still saves the visitor's details. */
  saveContact: boolean;
  saving: boolean;
}

export function CardStep({
  form,
  cardMount,
  cardStatus,
  cardError,
  onCardClick,
  payState,
  error,
  postalCode,
  onPostalCode,
  buttonText,
  contactKept,
  saveContact,
  saving,
}: Props) {
  const { id, strings, step2 } = form;
  const unavailable = cardStatus === 'unavailable' || payState.kind === 'unavailable';
  const busy = payState.kind === 'processing' || payState.kind === 'redirecting';
  if (unavailable) {
    return (
      <div className="ef-order__unavailable" role="alert" data-testid="cards-unavailable">
        <p>{strings.unavailable}</p>
        {contactKept && <p>{strings.contactKept}</p>}
        {saveContact && (
          <button type="submit" className="ef-submit" disabled={saving} aria-disabled={saving || undefined}>
            {saving && <span className="ef-submit__spinner" aria-hidden="true" />}
            <span>{strings.saveDetails}</span>
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      <fieldset className="ef-field ef-order__card" aria-describedby={cardError ? `${id}-card-error` : undefined}>
        <legend className="ef-label">{strings.fields.card}</legend>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut only; Stripe's field inside is reached by Tab like any input. */}
        <div
          ref={cardMount}
          className="ef-input ef-order__card-field"
          data-card-status={cardStatus}
          onClick={cardStatus === 'ready' ? undefined : onCardClick}
        />
        {cardError && (
          <p id={`${id}-card-error`} className="ef-error" role="alert" data-testid="card-error">
            {cardError}
          </p>
        )}
      </fieldset>
      {step2.enablePostalCode && (
        <div className="ef-field">
          <label className="ef-label" htmlFor={`${id}-postal-code`}>
            {strings.fields.postalCode}
          </label>
          <input id={`${id}-postal-code`} className="ef-input" autoComplete="postal-code" value={postalCode} onChange={(e) => onPostalCode(e.target.value)} />
        </div>
      )}
      {error && (
        <p className="ef-order__error" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="ef-submit ef-order__pay"
        disabled={busy || cardStatus !== 'ready'}
        aria-disabled={busy || undefined}
        data-busy={busy || undefined}
      >
        {busy && <span className="ef-submit__spinner" aria-hidden="true" />}
        <span>{buttonText}</span>
      </button>
      <p className="ef-order__note" role="status">
        {payState.kind === 'processing' ? strings.processing : payState.kind === 'redirecting' ? strings.redirecting : strings.securePayment}
      </p>
    </>
  );
}
