/**
 * Settings of the one-step and two-step order forms (seed 000 §3): step texts, contact
 * options, order bump products and the sale action.
 */
import * as v from 'valibot';
import { baseExtra, flag, str } from './common';

const bumpProduct = v.looseObject({
  id: str(),
  enable: flag(),
  headline: str(),
  otoHeadline: str(),
  otoText: str(),
  image: v.optional(v.union([v.string(), v.looseObject({ url: str() })]), ''),
});

export const orderFields = {
  ...baseExtra,
  step1: v.optional(v.looseObject({ headline: str(), subHeadline: str(), buttonText: str() }), {}),
  step2: v.optional(v.looseObject({ headline: str(), buttonText: str() }), {}),
  stickyContact: flag(),
  forceContactCreate: flag(),
  validateEmail: flag(),
  showOrderBump: flag(),
  bumpProduct: v.optional(v.array(bumpProduct), []),
  saleAction: str(),
};
