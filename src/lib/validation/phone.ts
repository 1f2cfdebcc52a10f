/**
 * The one phone rule (requirements FIELD-RULES): a number valid in the location's country, or written
 * internationally, kept as E.164. It carries libphonenumber's metadata, so the browser
 * loads this module only when a form has a phone field (see src/widgets/form/phone-rule.ts).
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { isCountryCode } from '../countries';

/** A phone number valid for `country` (or written internationally) → E.164. */
export function asPhone(value: string, country: string): string | undefined {
  const region = (isCountryCode(country) ? country.toUpperCase() : 'US') as CountryCode;
  const parsed = parsePhoneNumberFromString(value, region);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** How a valid number reads to the visitor: national when it is in `country`, else international. */
export function displayPhone(value: string, country: string): string | undefined {
  const region = (isCountryCode(country) ? country.toUpperCase() : 'US') as CountryCode;
  const parsed = parsePhoneNumberFromString(value, region);
  if (!parsed?.isValid()) return undefined;
  return parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
}
