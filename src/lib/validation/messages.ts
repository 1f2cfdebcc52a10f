/**
 * The validation messages of requirements FIELD-RULES as keys of the `form` i18n namespace
 * (`locales/<lang>/form.json`, under `validation`). A rule answers a `Message` (a key and
 * its values); the browser shows it in the visitor's language, the API answers it in
 * English, word for word as the seed has it (spelling included). Forms and calendar forms
 * word a required field differently from surveys, so the required message takes the mode.
 */
import en from '../../../locales/en/form.json';
import { fillTemplate } from '../template';

/** `funnel`: a funnel page's own fields (the order form's opt-in), whose required message is the seed's general 'This field is required.'. */
export type ValidationMode = 'form' | 'survey' | 'funnel';

/** Requirements WIDGET-LIMITS: total upload limit, 50 MB. */
export const MAX_TOTAL_UPLOAD_BYTES = 52_428_800;

export type MessageKey = keyof typeof en.validation;

/** A message: a key of `form:validation` and the values it is filled with. */
export interface Message {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Templates by key (`{{name}}` placeholders), in one language. */
export type MessageTemplates = Readonly<Record<MessageKey, string>>;

export const ENGLISH_MESSAGES: MessageTemplates = en.validation;

/** The text of a message in the templates' language (English by default). */
export function messageText(message: Message, templates: MessageTemplates = ENGLISH_MESSAGES): string {
  return fillTemplate(templates[message.key] ?? ENGLISH_MESSAGES[message.key], message.params);
}

/** Label, field name or tag: how a message names a field. */
export interface Named {
  label: string;
  fieldName: string;
  tag: string;
}

/** The seed names fields by fieldName; a fieldName that only repeats the tag reads worse than the label. */
const nameOf = (f: Named) => (f.fieldName && f.fieldName !== f.tag ? f.fieldName : f.label.trim() || f.fieldName || f.tag);

const m = (key: MessageKey, params?: Record<string, string | number>): Message => (params ? { key, params } : { key });

export const messages = {
  required(field: Named, mode: ValidationMode): Message {
    // Requirements OPTIN-RULES-8: a location field (a meeting place to choose) has the seed's own message.
    if (field.tag === 'location') return m('locationRequired');
    const label = field.label.trim();
    // A survey names the question only when it lists several errors (questionMessages).
    if (mode === 'survey') return m('questionRequiredOne', { label: label || field.fieldName || field.tag });
    return label && mode !== 'funnel' ? m('required', { label: label.toLowerCase() }) : m('requiredBlank');
  },
  /** "This field is required.", whatever the field's label (a required country select). */
  requiredBlank: m('requiredBlank'),
  /** A required file, signature, numerical or cascade field. */
  nameRequired: (field: Named) => m('nameRequired', { name: nameOf(field) }),
  email: m('email'),
  phone: m('phone'),
  website: m('website'),
  date: m('date'),
  dateOfBirth: (field: Named, mode: ValidationMode) => (mode === 'survey' ? m('dateOfBirthNamed', { label: field.label.trim() || 'Date' }) : m('dateOfBirth')),
  number: (field: Named) => m('number', { name: nameOf(field) }),
  money: m('money'),
  chooseOne: m('chooseOne'),
  option: m('option'),
  country: m('country'),
  text: m('text'),
  tooLong: (max: number) => m('tooLong', { max }),
  fileFormat: (field: Named) => m('fileFormat', { name: nameOf(field) }),
  fileCount: (limit: number) => m('fileCount', { limit }),
  totalSize: m('totalSize'),
  signature: m('signature'),
  captcha: (mode: ValidationMode) => (mode === 'survey' ? m('captchaSurvey') : m('captcha')),
  /** Requirements OPTIN-RULES-8: a required `location` field left empty. */
  locationRequired: m('locationRequired'),
  /** Requirements OPTIN-RULES-8: a `password` field needs a letter. */
  password: m('password'),
  /** Requirements OPTIN-RULES-8: an `email_or_phone` field (empty passes). */
  emailOrPhone: m('emailOrPhone'),
  /** Requirements OPTIN-RULES-8: the unique-email check through POST /exists. */
  emailTaken: m('emailTaken'),
} as const;

/**
 * Requirements FIELD-RULES survey slide validation: a required question reads 'This question is
 * required.' when it is the only error listed, and names its question when there are several.
 */
export function questionMessages<E extends { field: string; msg: string } & Partial<Message>>(errors: readonly E[]): E[] {
  if (errors.length < 2) return [...errors];
  return errors.map((e) => {
    if (e.key !== 'questionRequiredOne') return e;
    const named: Message = m('questionRequired', { label: String(e.params?.label ?? e.field) });
    return { ...e, ...named, msg: messageText(named) };
  });
}
