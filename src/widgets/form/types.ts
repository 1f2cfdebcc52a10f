/**
 * The shapes the form engine is built from: what a field component receives, the
 * translated strings it shows and the settings of the form around it. Shared by the form,
 * survey, booking and order-form widgets (docs/contracts/forms.md).
 */

import type en from '../../../locales/en/form.json';
import type { MessageTemplates } from '../../lib/validation/messages';
import type { FormField } from '../../schemas/form';

export type UiKey = keyof typeof en.ui;
/** The interface strings of the `form` namespace (`ui.*`), in the visitor's language. */
export type UiStrings = Readonly<Record<UiKey, string>>;

/** Everything translated a form needs (`expandFormStrings` of what the page sent). */
export interface FormStrings {
  ui: UiStrings;
  messages: MessageTemplates;
}

/** What a page sends of `FormStrings`: the strings that differ from English (`formStrings(t)`, src/widgets/form/strings.ts). */
export interface FormStringsDiff {
  ui?: Partial<UiStrings>;
  messages?: Partial<MessageTemplates>;
}

/** Settings every field of one form shares. */
export interface FieldEnv {
  lang: string;
  /**
   * The `lang` of interface strings (errors) when the seller's content is in another language
   * (requirements ELEMENTS-5); undefined when both are one language.
   */
  uiLang?: string | undefined;
  /** The location's country: phone numbers are read in it, the country select defaults to it. */
  country: string;
  /** Today in the location's zone, YYYY-MM-DD (date ranges, date of birth). */
  today: string;
  /** false: labels are visually hidden and placeholders carry `*` for required fields. */
  labelsVisible: boolean;
  strings: FormStrings;
  /** Turnstile site key; '' when the built-in spam defence alone protects the form. */
  turnstileSiteKey: string;
  /** Where a field component reports the captcha verdict and token. */
  onCaptcha?: (token: string | null) => void;
  /** A form that takes a card (its payment field draws the card field): ./form-card.ts. */
  payment?: FormCardEnv | undefined;
}

/** What a form's payment field needs: the amount, Stripe's publishable key ('' when cards are not configured), the card's handle and error. */
export interface FormCardEnv {
  amountLabel: string;
  publishableKey: string;
  card: import('react').RefObject<import('../booking/card-field').CardHandle | null>;
  error: string;
}

/** How a value was given, when it matters: 'picked' from a picker, as opposed to typed. */
export type ChangeKind = 'picked';

/** What a field component receives. */
export interface FieldProps {
  field: FormField;
  /** The field's key: its tag, else its id. Values and files are stored under it. */
  name: string;
  /** The DOM id of the field's main control; the label points at it. */
  inputId: string;
  value: unknown;
  files: readonly File[];
  /** The translated error, when the field has one. */
  error?: string | undefined;
  /** `aria-describedby` of the control: the description and the error. */
  describedBy?: string | undefined;
  /** The placeholder to show (with `*` when labels are hidden and the field is required). */
  placeholder: string;
  /** A new value; `how` says when the visitor chose it as a whole (a day picked in the date picker), not while typing. */
  onChange: (value: unknown, how?: ChangeKind) => void;
  onFiles: (files: File[]) => void;
  env: FieldEnv;
}

/** How the shell around a field is drawn. */
export type FieldFrame =
  /** label + control + error */
  | 'labelled'
  /** fieldset + legend (radio, checkbox lists and other groups) */
  | 'group'
  /** no label (headings, images, html, the submit button) */
  | 'bare';
