/** A product sold on a funnel step (requirements PAGE-DATA Product). Amounts are minor units of `currency`. */
import * as v from 'valibot';
import { currencyCode, id, text } from './common';

export const productDocument = v.looseObject({
  id,
  locationId: id,
  funnelId: v.optional(v.nullable(id), null),
  stepId: v.optional(v.nullable(id), null),
  productName: text(200),
  /** Text shown instead of the formatted amount, when the seller wants one. */
  priceDisplay: v.optional(v.string(), ''),
  paymentType: v.picklist(['one_time', 'recurring']),
  /** For recurring products: how often the price is charged. */
  interval: v.optional(v.nullable(v.picklist(['day', 'week', 'month', 'year'])), null),
  amount: v.pipe(v.number(), v.integer('must be whole minor units'), v.minValue(0), v.maxValue(99_999_999)),
  currency: currencyCode,
  bumpProduct: v.optional(v.boolean(), false),
  description: v.optional(v.string(), ''),
  imageUrl: v.optional(v.string(), ''),
  position: v.optional(v.pipe(v.number(), v.integer()), 0),
});
export type ProductDocument = v.InferOutput<typeof productDocument>;
