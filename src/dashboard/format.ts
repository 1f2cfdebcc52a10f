/** How the dashboard shows times (in a location's zone) and money (through lib/currency). */
import { formatMoney } from '../lib/currency';
import { dateTimeFormat } from '../lib/time/date-format';

/** A date and time in `zone`, as the interface language writes it, with the zone's short name. */
export function formatTime(at: string | number | null | undefined, zone: string, lang: string): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  // dateStyle and timeStyle cannot be combined with timeZoneName, so the fields are named.
  const fields: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return dateTimeFormat(lang, { ...fields, timeZone: zone }).format(ms);
  } catch {
    return dateTimeFormat(lang, { ...fields, timeZone: 'UTC' }).format(ms);
  }
}

/** An amount in minor units of `currency`. */
export const money = (amount: number, currency: string, lang: string): string => formatMoney(amount, currency.toUpperCase(), lang);

/** A fraction 0..1 as a percentage, or an en dash for none. */
export function percent(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** Fills `{{name}}` placeholders of a translated message. */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
