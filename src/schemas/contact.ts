/** Contact fields as visitors submit them (requirements PAGE-DATA and seed 001 standard contact fields). */
import * as v from 'valibot';
import { hasLoneSurrogate } from '../lib/text';
import { singleLine } from './common';

const field = (max = 300) => v.optional(v.pipe(v.string(), singleLine, v.trim(), v.maxLength(max)));

/** Email as requirements FIELD-RULES defines it: local part, @, a domain with a 2-24 letter TLD, or an IP literal; no control characters. */
export const EMAIL_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused, so they are named.
  /^[^\s\u0000-\u001F\u007F-\u009F@"(),:;<>[\\\]]+(?:\.[^\s\u0000-\u001F\u007F-\u009F@"(),:;<>[\\\]]+)*@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,24}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

export const email = v.pipe(
  v.string(),
  v.check((s) => !hasLoneSurrogate(s), 'Invalid Email Address'),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254),
  v.regex(EMAIL_PATTERN, 'Invalid Email Address'),
);

export const contactFields = v.looseObject({
  full_name: field(),
  name: field(),
  first_name: field(),
  last_name: field(),
  email: v.optional(v.union([v.literal(''), email])),
  phone: field(40),
  organization: field(),
  companyName: field(),
  address1: field(),
  address: field(),
  city: field(),
  state: field(),
  country: field(100),
  postal_code: field(20),
  postalCode: field(20),
  website: field(),
  date_of_birth: field(10),
  timezone: field(64),
});
export type ContactFields = v.InferOutput<typeof contactFields>;
