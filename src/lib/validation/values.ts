/**
 * Small readers of submitted values, shared by browser and server: emptiness, strings,
 * lists, dates, amounts and countries. Each answers a normalised value or undefined when
 * the input cannot be read. The phone rule lives in ./phone.ts (it carries metadata the
 * browser loads only when needed).
 */
import { COUNTRY_CODES, isCountryCode } from '../countries';
import { httpUrl } from '../http-url';

/** Missing, null, blank text or an empty list. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

/** Text of a scalar value, trimmed; undefined for objects and lists. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** A list of texts from a list or a single value. */
export function asTextList(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of list) {
    const text = asText(item);
    if (text === undefined) return undefined;
    if (text !== '') out.push(text);
  }
  return out;
}

/** A `YYYY-MM-DD` that exists on the calendar, as given; undefined otherwise. */
export function asPlainDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  const ok = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return ok ? value : undefined;
}

/** The same day `years` later (earlier when negative), YYYY-MM-DD; 29 February becomes 28 February. */
export function shiftYears(date: string, years: number): string {
  const year = String(Number(date.slice(0, 4)) + years).padStart(4, '0');
  const shifted = `${year}${date.slice(4)}`;
  return asPlainDate(shifted) ?? `${year}${date.slice(4, 8)}28`;
}

/** A decimal number written with `.` or `,` as decimal separator. */
export function asNumber(value: string): number | undefined {
  if (!/^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value)) return undefined;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** An amount as typed ("$1,234.5", "1.234,50 €") → "1234.50". */
export function asMoney(value: string): string | undefined {
  const bare = value.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(bare)) return undefined;
  const lastSep = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','));
  const decimals = lastSep >= 0 ? bare.slice(lastSep + 1) : '';
  // A separator followed by 3 digits is a thousands separator ("1,234").
  const hasDecimals = lastSep >= 0 && decimals.length > 0 && decimals.length <= 2;
  const whole = (hasDecimals ? bare.slice(0, lastSep) : bare).replace(/[.,]/g, '');
  const n = Number(`${whole || '0'}.${hasDecimals ? decimals : '0'}`);
  return Number.isFinite(n) && n >= 0 ? n.toFixed(2) : undefined;
}

/** An ISO country code from a code or an English display name ("Germany" → "DE"). */
export function asCountryCode(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  if (isCountryCode(upper)) return upper;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return COUNTRY_CODES.find((code) => names.of(code)?.toUpperCase() === upper);
}

/** An http(s) website; a bare host ("example.com") gets https://. */
export function asWebsite(value: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  const url = httpUrl(withScheme);
  if (!url?.hostname.includes('.') || /\s/.test(value)) return undefined;
  return url.toString();
}
