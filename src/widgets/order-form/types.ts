/** The order form island's props: only what the browser needs, built on the server by props.ts. */
import type { Step1Settings, Step2Settings } from '../../elements/order-settings';
import type { ProductView } from '../../schemas/calls/payments-routes';
import type { FormStringsDiff } from '../form/types';

/** Every visitor-facing string of the form, translated on the server (namespace checkout). */
export interface CheckoutStrings {
  stepOf: string;
  fields: Record<
    'name' | 'email' | 'phone' | 'companyName' | 'address' | 'city' | 'state' | 'zip' | 'country' | 'postalCode' | 'card' | 'consent' | 'terms',
    string
  >;
  defaults: Record<'step1Button' | 'step2Button' | 'back' | 'item' | 'price' | 'summary' | 'total' | 'products' | 'bump', string>;
  interval: Record<'day' | 'week' | 'month' | 'year', string>;
  noProducts: string;
  productsFailed: string;
  noPrimary: string;
  missingSecret: string;
  paymentFailed: string;
  /** A server failure without a message; `{{status}}` is its status. */
  paymentServerFailed: string;
  postSale: string;
  unavailable: string;
  contactKept: string;
  saveDetails: string;
  processing: string;
  redirecting: string;
  securePayment: string;
}

/** An order bump the seller enabled: its texts and image. */
export interface BumpOffer {
  id: string;
  headline: string;
  otoHeadline: string;
  otoText: string;
  imageUrl: string | null;
}

export interface OrderFormProps {
  /** The element id (ids of the form's controls derive from it). */
  id: string;
  layout: 'one-step' | 'two-step';
  /** The funnel's name: the contact's source. */
  funnelName: string;
  lang: string;
  /** The `lang` of its interface strings when the seller's text is in another language (requirements ELEMENTS-5). */
  uiLang?: string;
  /** The location's country: phone numbers are read in it, and it is the default shipping country. */
  country: string;
  /** Stripe's publishable key; '' when card payments are not configured. */
  publishableKey: string;
  /** Seller texts as safe HTML (merge fields filled, escaped). */
  step1: Pick<
    Step1Settings,
    'showCompanyName' | 'showPhone' | 'showShipping' | 'placeholders' | 'buttonText' | 'headline' | 'subHeadline' | 'footerText' | 'consentText'
  >;
  step2: Pick<
    Step2Settings,
    'headline' | 'itemText' | 'priceText' | 'summaryText' | 'totalText' | 'enablePostalCode' | 'linkText' | 'buttonText' | 'termsText'
  >;
  stickyContact: boolean;
  forceContactCreate: boolean;
  validateEmail: boolean;
  bumps: BumpOffer[];
  saleAction: string;
  /** Where the sale action goes ('' for the next step or an in-page action), worked out by the renderer. */
  saleTarget: string;
  strings: CheckoutStrings;
  /** The form engine's strings (field messages, select prompts). */
  formStrings: FormStringsDiff;
  /** A one-step form's products, read at render (server-products.ts); absent: the island fetches them. */
  products?: ProductView[];
}
