/**
 * Validation of submitted field values, one rule per field type (a missing type is a
 * compile error) plus rules by standard tag (email, phone, website, date_of_birth). The
 * widgets run it in the browser; the platform API runs the same code again on every
 * submission, so what the server accepts is exactly what the widget promised.
 */
import type { FieldType, FormField } from '../../schemas/form';
import { isFieldType } from '../../schemas/form';
import { EMAIL_PATTERN } from '../../schemas/contact';
import { hasControlChars, textLength, wellFormed } from '../text';
import { cascadeRule, checkboxRule, choiceRule, choicesRule, fileRule } from './choice-rules';
import { type Message, MAX_TOTAL_UPLOAD_BYTES, messages, messageText, questionMessages, type ValidationMode } from './messages';
import { asCountryCode, asMoney, asNumber, asPlainDate, asText, asTextList, asWebsite, isEmpty, shiftYears } from './values';

/** A file attached to a field, as far as validation needs to know it. */
export interface FileInfo {
  name: string;
  size: number;
}

export interface FieldContext {
  mode: ValidationMode;
  /** Country phone numbers are read in (the location's). */
  country: string;
  /** Today's date, YYYY-MM-DD. */
  today: string;
  /** Files attached to a field, by field key. */
  files: (key: string) => FileInfo[];
  /** The captcha verdict: verified, failed, or not checked because no verification is configured. */
  captcha: 'verified' | 'failed' | 'unchecked';
  /**
   * The phone rule, `asPhone` of ./phone.ts: passed in because its metadata is large and
   * the browser loads it only for forms with a phone field.
   */
  phone: (value: string, country: string) => string | undefined;
}

/** The normalised value to keep, or the message of what is wrong. */
export type FieldResult = { value?: unknown; error?: Message };
export type FieldValidator = (field: FormField, value: unknown, ctx: FieldContext) => FieldResult;

/** One submission error, named by field key: the English text (`msg`) and the message to translate. */
export interface FieldError extends Partial<Message> {
  field: string;
  msg: string;
}

/** A field error from a message. */
export function fieldError(field: string, message: Message): FieldError {
  return { field, msg: messageText(message), ...message };
}

const TEXT_LIMIT = 1000;
const LONG_TEXT_LIMIT = 20_000;

/**
 * A text answer of at most `max` characters (code points). Single-line answers refuse
 * control characters; free text keeps tabs and line breaks. Half an emoji becomes U+FFFD.
 */
function textRule(max: number, freeText = false): FieldValidator {
  return (field, value, ctx) => {
    if (value !== null && typeof value === 'object') return { error: messages.text };
    if (isEmpty(value)) return field.required ? { error: messages.required(field, ctx.mode) } : {};
    const raw = asText(value);
    if (raw === undefined || hasControlChars(raw, freeText)) return { error: messages.text };
    const text = wellFormed(raw);
    if (textLength(text) > max) return { error: messages.tooLong(max) };
    return { value: text };
  };
}

const nothing: FieldValidator = () => ({});

const numberRule: FieldValidator = (field, value, ctx) => {
  if (isEmpty(value)) return field.required ? { error: field.type === 'numerical' ? messages.nameRequired(field) : messages.required(field, ctx.mode) } : {};
  const text = asText(value);
  const n = text === undefined ? undefined : asNumber(text);
  return n === undefined ? { error: messages.number(field) } : { value: n };
};

/** Requirements FIELD-RULES: dates within 100 years of today, either way. */
export const DATE_RANGE_YEARS = 100;

/** The first and last date a date field offers (YYYY-MM-DD, both included). */
export function dateRange(today: string): { min: string; max: string } {
  return { min: shiftYears(today, -DATE_RANGE_YEARS), max: shiftYears(today, DATE_RANGE_YEARS) };
}

const dateRule: FieldValidator = (field, value, ctx) => {
  if (isEmpty(value)) return field.required ? { error: messages.required(field, ctx.mode) } : {};
  const date = asPlainDate(asText(value) ?? '');
  if (!date || !asPlainDate(ctx.today)) return { error: messages.date };
  // ISO dates of four-digit years compare as text.
  if (field.tag === 'date_of_birth' && date > ctx.today) return { error: messages.dateOfBirth(field, ctx.mode) };
  const range = dateRange(ctx.today);
  if (date < range.min || date > range.max) return { error: messages.date };
  return { value: date };
};

/** Rules by field type: every type of requirements WIDGET-DATA, none left out. */
export const fieldValidators: Record<FieldType, FieldValidator> = {
  text: textRule(TEXT_LIMIT),
  phone: textRule(40),
  number: numberRule,
  numerical: numberRule,
  email: textRule(254),
  h1: nothing,
  img: nothing,
  html: nothing,
  textbox_list: (field, value, ctx) => {
    const list = asTextList(value ?? []);
    if (list === undefined) return { error: messages.text };
    if (list.length === 0) return field.required ? { error: messages.required(field, ctx.mode) } : {};
    if (list.some((t) => hasControlChars(t))) return { error: messages.text };
    return list.some((t) => textLength(t) > TEXT_LIMIT) ? { error: messages.tooLong(TEXT_LIMIT) } : { value: list.map(wellFormed) };
  },
  textarea: textRule(LONG_TEXT_LIMIT, true),
  large_text: textRule(LONG_TEXT_LIMIT, true),
  captcha: (_field, _value, ctx) => (ctx.captcha === 'failed' ? { error: messages.captcha(ctx.mode) } : {}),
  monetory: (field, value, ctx) => {
    if (isEmpty(value)) return field.required ? { error: messages.required(field, ctx.mode) } : {};
    const money = asMoney(asText(value) ?? '');
    return money === undefined ? { error: messages.money } : { value: money };
  },
  checkbox: checkboxRule,
  radio: choiceRule,
  select: (field, value, ctx) => {
    // Requirements FIELD-RULES: the country select says "This field is required." in forms and surveys alike.
    if (isEmpty(value)) return field.required ? { error: field.tag === 'country' ? messages.requiredBlank : messages.required(field, ctx.mode) } : {};
    if (field.tag !== 'country') return choiceRule(field, value, ctx);
    const code = asCountryCode(asText(value) ?? '');
    return code ? { value: code } : { error: messages.country };
  },
  single_options: choiceRule,
  multiple_options: choicesRule,
  date: dateRule,
  payment: nothing,
  cascade_dropdown: cascadeRule,
  file_upload: fileRule,
  signature: (field, value, ctx) => {
    const attached = ctx.files(fieldKey(field)).length > 0;
    if (isEmpty(value) && !attached) return field.required ? { error: messages.nameRequired(field) } : {};
    if (attached) return {};
    const text = asText(value) ?? '';
    return /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(text) ? { value: text } : { error: messages.signature };
  },
  submit: nothing,
  source: textRule(TEXT_LIMIT),
};

/** Rules by standard tag, applied after the type rule to a non-empty value. */
const tagRules: Record<string, (value: unknown, field: FormField, ctx: FieldContext) => FieldResult> = {
  email: (value) => {
    const text = String(value).toLowerCase();
    return EMAIL_PATTERN.test(text) ? { value: text } : { error: messages.email };
  },
  // Requirements OPTIN-RULES-8, the seed's generic checks: a password needs a letter; an
  // email-or-phone field takes either (empty passes, as every rule here only sees a value).
  password: (value) => (/\p{L}/u.test(String(value)) ? { value } : { error: messages.password }),
  email_or_phone: (value, _field, ctx) => {
    const text = String(value).trim();
    if (EMAIL_PATTERN.test(text.toLowerCase())) return { value: text.toLowerCase() };
    const phone = ctx.phone(text, ctx.country);
    return phone ? { value: phone } : { error: messages.emailOrPhone };
  },
  phone: (value, _field, ctx) => {
    const phone = ctx.phone(String(value), ctx.country);
    return phone ? { value: phone } : { error: messages.phone };
  },
  website: (value) => {
    const url = asWebsite(String(value));
    return url ? { value: url } : { error: messages.website };
  },
  date_of_birth: (value, field, ctx) => {
    const date = dateRule(field, value, ctx);
    if (date.error) return date;
    return String(date.value) > ctx.today ? { error: messages.dateOfBirth(field, ctx.mode) } : date;
  },
};

/** The key a field's value is submitted under: its tag, else its id. */
export function fieldKey(field: Pick<FormField, 'tag' | 'id'>): string {
  return field.tag || String(field.id ?? '');
}

function typeOf(field: FormField): FieldType | undefined {
  if (isFieldType(field.type)) return field.type;
  return undefined;
}

/** One field: its type rule, then its tag rule (email type fields get the email rule too). */
export function validateField(field: FormField, value: unknown, ctx: FieldContext): FieldResult {
  const type = typeOf(field);
  if (!type) return {};
  const result = fieldValidators[type](field, value, ctx);
  if (result.error || result.value === undefined) return result;
  const tag = type === 'email' ? 'email' : type === 'phone' ? 'phone' : field.tag;
  const tagRule = tagRules[tag];
  return tagRule ? tagRule(result.value, field, ctx) : result;
}

/**
 * Validates every field of a form (or of the visited slides of a survey) against the
 * submitted values: normalised values by field key, and the errors.
 */
export function validateFields(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  ctx: FieldContext,
): { values: Record<string, unknown>; errors: FieldError[] } {
  const out: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  let totalBytes = 0;
  for (const field of fields) {
    const key = fieldKey(field);
    if (!key) continue;
    for (const file of ctx.files(key)) totalBytes += file.size;
    const result = validateField(field, values[key], ctx);
    if (result.error) errors.push(fieldError(key, result.error));
    else if (result.value !== undefined) out[key] = result.value;
  }
  if (totalBytes > MAX_TOTAL_UPLOAD_BYTES) errors.push(fieldError('files', messages.totalSize));
  return { values: out, errors: ctx.mode === 'survey' ? questionMessages(errors) : errors };
}
