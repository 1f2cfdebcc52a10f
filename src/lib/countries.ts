/**
 * The one country table, shared by the order form's shipping and phone fields and the
 * server: the codes and calling codes come from libphonenumber-js's metadata, the names
 * from Intl (CLDR) in the visitor's language. Nothing is typed by hand.
 */
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';

export interface Country {
  code: CountryCode;
  name: string;
  /** International calling code without `+` (`CH` → `41`). */
  callingCode: string;
}

const cache = new Map<string, Country[]>();

/** Every country, named in `locale` and sorted by name there. */
export function countries(locale = 'en'): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  }
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, list);
  return list;
}

/** Whether `code` is a country of the table (case-insensitive). */
export function isCountry(code: string): boolean {
  return countries().some((country) => country.code === code.trim().toUpperCase());
}
