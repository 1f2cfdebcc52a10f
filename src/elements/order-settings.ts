/**
 * Settings of the one-step and two-step order forms (requirements PAGE-DATA): step texts, contact
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

/** Placeholders of the contact fields, by field. */
const placeholders = v.optional(
  v.looseObject({ name: str(), email: str(), phone: str(), companyName: str(), address: str(), city: str(), state: str(), zip: str(), country: str() }),
  {},
);

export const step1Settings = v.looseObject({
  headline: str(),
  subHeadline: str(),
  showCompanyName: flag(),
  showPhone: flag(),
  showShipping: flag(),
  placeholders,
  buttonText: str(),
  footerText: str(),
  /** The label of a consent box above the opt-in button (plain text, shown as typed; empty: no box). Ticking it is optional; what was shown and ticked is recorded (issue 27). */
  consentText: str(),
});

export const step2Settings = v.looseObject({
  headline: str(),
  itemText: str(),
  priceText: str(),
  summaryText: str(),
  totalText: str(),
  enablePostalCode: flag(),
  linkText: str(),
  buttonText: str(),
  /** The label of a terms box above the pay button (plain text; empty: no box). It must be ticked to pay; the record is kept with the order. */
  termsText: str(),
});

export const orderFields = {
  ...baseExtra,
  step1: v.optional(step1Settings, {}),
  step2: v.optional(step2Settings, {}),
  stickyContact: flag(),
  forceContactCreate: flag(),
  validateEmail: flag(),
  showOrderBump: flag(),
  bumpProduct: v.optional(v.array(bumpProduct), []),
  saleAction: str(),
};

export type Step1Settings = v.InferOutput<typeof step1Settings>;
export type Step2Settings = v.InferOutput<typeof step2Settings>;
