/**
 * A form (requirements WIDGET-DATA Form and Form field): the fields a visitor fills in, the styling of
 * the container and the button, and what happens after submission (formAction). Builder
 * documents: unknown keys are kept, unknown field types are kept and simply not rendered.
 */
import * as v from 'valibot';
import { id, text } from './common';
import { cssValue, flag, looseNumber, str } from './widget-common';

/** Every field type the widgets render (requirements WIDGET-DATA). */
export const FIELD_TYPES = [
  'text',
  'phone',
  'number',
  'numerical',
  'email',
  'h1',
  'img',
  'html',
  'textbox_list',
  'textarea',
  'large_text',
  'captcha',
  'monetory',
  'checkbox',
  'radio',
  'select',
  'single_options',
  'multiple_options',
  'date',
  'payment',
  'cascade_dropdown',
  'file_upload',
  'signature',
  'submit',
  'source',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Standard contact field tags (requirements WIDGET-DATA). */
export const STANDARD_CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'calendar_notes',
  'country',
  'address',
  'address1',
  'website',
  'date_of_birth',
] as const;

/** Requirements WIDGET-STATES: thank-you text when the form has none. */
export const DEFAULT_THANK_YOU_TEXT = 'Thanks for submiting details, Will get back to you soon!';

export function isFieldType(type: unknown): type is FieldType {
  return typeof type === 'string' && (FIELD_TYPES as readonly string[]).includes(type);
}

/** An option of a picklist: a plain label, or (cascades) a map of level to value. */
const pickOption = v.union([v.string(), v.number(), v.record(v.string(), v.unknown())]);

export const formField = v.looseObject({
  id: v.optional(v.union([v.string(), v.number()])),
  tag: str(),
  label: str(),
  placeholder: str(),
  type: v.optional(v.string(), 'text'),
  required: flag(),
  hidden: flag(),
  hiddenFieldQueryKey: str(),
  hiddenFieldValue: v.optional(v.unknown()),
  /** Option labels; for file_upload the allowed extensions (".pdf"); for cascades level maps, possibly as a JSON string. */
  picklistOptions: v.optional(v.union([v.array(pickOption), v.string()])),
  picklistOptionsImage: v.optional(v.array(v.looseObject({ label: str(), src: str() }))),
  /** Cascade dropdown: the name of each level. */
  keylistOptions: v.optional(v.union([v.array(v.union([v.string(), v.number()])), v.string()])),
  allowCustomOption: flag(),
  multiFileLimit: looseNumber,
  multipleFilesAllowed: flag(),
  fullwidth: flag(),
  align: str(),
  color: cssValue,
  font: str(),
  size: cssValue,
  weight: cssValue,
  url: str(),
  alt: str(),
  width: cssValue,
  height: cssValue,
  html: str(),
  value: v.optional(v.unknown()),
  prefillValue: v.optional(v.unknown()),
  description: str(),
  fieldName: str(),
  /** Calendar forms: an inactive field is not shown. */
  active: flag(true),
  /** monetory: the currency whose symbol is shown. */
  currency: str(),
  /** An email field that must not be a contact the location already has (requirements OPTIN-RULES-8, ../widgets/form/unique-email.ts). */
  uniqueEmail: flag(),
});
export type FormField = v.InferOutput<typeof formField>;

export const formBorder = v.looseObject({
  border: cssValue,
  style: str(),
  color: str(),
  radius: cssValue,
  padding: cssValue,
});

export const formStyle = v.looseObject({
  background: str(),
  color: str(),
  border: v.optional(formBorder, {}),
  marginTop: cssValue,
  /** The account's branding (`company`) is shown under the form (src/widgets/form/branding.tsx). */
  ac_branding: flag(),
});

/**
 * The account's branding (`company` of a form or survey; seed 000 names its keys: logoURL,
 * domain, name). Anything else stored there (a bare name) reads as no branding.
 */
export const companyBranding = v.fallback(v.looseObject({ name: str(), logoURL: str(), domain: str() }), { name: '', logoURL: '', domain: '' });
export type CompanyBranding = v.InferOutput<typeof companyBranding>;

/** Requirements WIDGET-LIMITS: background #188bf6, white text, padding 15, radius 4, border 0. */
export const formButton = v.looseObject({
  text: str('Submit'),
  background: str('#188bf6'),
  color: str('#ffffff'),
  border: v.optional(formBorder, { border: 0, radius: 4, padding: 15 }),
});
export type FormButton = v.InferOutput<typeof formButton>;

/** What follows a submission: actionType 1 redirects, otherwise the thank-you text shows. */
export const formAction = v.looseObject({
  actionType: v.optional(v.union([v.string(), v.number()]), 2),
  redirect_url: str(),
  thankyouText: str(DEFAULT_THANK_YOU_TEXT),
});
export type FormAction = v.InferOutput<typeof formAction>;

/** The body of a form: what GET /form/{id} answers as `form`. */
export const formBody = v.looseObject({
  fields: v.optional(v.array(formField), []),
  style: v.optional(formStyle, {}),
  button: v.optional(formButton, {}),
  width: cssValue,
  layout: str(),
  customStyle: str(),
  company: v.optional(companyBranding),
  formLabelVisible: flag(true),
  fbPixelId: str(),
  pageViewEvent: str(),
  formSubmissionEvent: str(),
  stickyContact: flag(),
  payment: v.optional(v.unknown()),
  redirect_url: str(),
  formAction: v.optional(formAction, {}),
});
export type FormBody = v.InferOutput<typeof formBody>;

export const formDocument = v.looseObject({
  id,
  locationId: id,
  name: text(200),
  form: v.optional(formBody, {}),
});
export type FormDocument = v.InferOutput<typeof formDocument>;
