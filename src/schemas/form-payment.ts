/**
 * Payment on forms (issue 31): a form with a payment field takes a card when its stored
 * settings (`form.payment`) ask for a positive amount, in major units of its currency
 * (as a paid calendar's `stripe.amount`). The card is set up with the provider in the
 * browser and verified on the server for this form and this amount in minor units
 * (src/lib/currency.ts) before the submission is stored. Settings that do not read as an
 * amount leave the form free: stored documents keep whatever `payment` holds.
 */
import * as v from 'valibot';
import type { FormBody } from './form';
import { currencyCode } from './common';
import { str } from './widget-common';

export const formPaymentSettings = v.looseObject({
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(999_999)),
  currency: v.optional(currencyCode, 'USD'),
  charge_description: str(),
});
export type FormPaymentSettings = v.InferOutput<typeof formPaymentSettings>;

/** The card payment a form takes, or null: it needs an active payment field and a positive amount. */
export function formPayment(form: Pick<FormBody, 'fields' | 'payment'>): FormPaymentSettings | null {
  if (!form.fields.some((f) => f.type === 'payment' && f.active !== false)) return null;
  const settings = v.safeParse(formPaymentSettings, form.payment);
  return settings.success && settings.output.amount > 0 ? settings.output : null;
}
