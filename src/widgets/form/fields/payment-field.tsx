/**
 * The payment field of a form that takes a card (src/schemas/form-payment.ts): the amount
 * due and the card field (Stripe.js, loaded only here), or, when cards are not configured,
 * that the form cannot be sent. A payment field of a form without an amount asks for
 * nothing and shows nothing: no visitor is told they will pay when nobody collects it.
 */
import { fillTemplate } from '../../../lib/template';
import { CardSlot } from '../../booking/card-slot';
import type { FieldProps } from '../types';

export function PaymentField(p: FieldProps) {
  const payment = p.env.payment;
  if (!payment) return null;
  const ui = p.env.strings.ui;
  return (
    <div className="ef-payment">
      <p className="ef-payment__title">{p.field.label}</p>
      {p.field.description && <p>{p.field.description}</p>}
      <p className="ef-payment__note" data-testid="payment-due">
        {fillTemplate(ui.paymentDue, { amount: payment.amountLabel })}
      </p>
      {payment.publishableKey ? (
        <CardSlot ref={payment.card} publishableKey={payment.publishableKey} messages={ui} error={payment.error} />
      ) : (
        <p className="ef-error" role="alert" data-testid="payment-unavailable">
          {ui.paymentUnavailable}
        </p>
      )}
    </div>
  );
}
