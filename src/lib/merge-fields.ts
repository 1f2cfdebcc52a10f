/**
 * Merge fields in seller text: `{{today}}`, `{{weekday}}`, `{{month}}`, `{{year}}`,
 * `{{time}}`, `{{contact.first_name}}`, `{{appointment.…}}` (requirements PAGE-DATA). Pure and used on
 * both sides: the server fills the date fields, the browser can fill contact data later.
 * Every value is HTML-escaped because the text it lands in is rendered as HTML. A field
 * that cannot be filled keeps its original text and is reported (requirements PAGE-ERRORS). Contact and
 * appointment fields without data (a server render of an anonymous visit: the edge copy is
 * shared by every visitor) are not failures: in text they become
 * `<span data-merge-field="contact.first_name" data-merge-fallback="there">there</span>`,
 * which the page runtime fills from what this visitor gave (src/client/merge-fill.ts);
 * inside a tag (an attribute) they become the fallback. The fallback is what the seller
 * wrote after a bar (`{{contact.first_name | there}}`), '' without one, and also stands
 * for a field the visitor left empty.
 */
import { escapeHtml, sanitiseHtml } from './safe-html';
import { fillPlaceholders, placeholderNames } from './template';
import { dateTimeFormat } from './time/date-format';
import { fillUrlTemplate } from './url-template';

export { escapeHtml };

/** What a template can draw on; `now` and `timeZone` are passed in, never read here. */
export interface MergeData {
  now: Date;
  timeZone?: string;
  locale?: string;
  contact?: Readonly<Record<string, unknown>>;
  appointment?: Readonly<Record<string, unknown>>;
}

/** Receives a template that failed, with the reason. */
export type MergeReport = (field: string, reason: string) => void;

/** English ordinal suffix of a day of the month: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinalSuffix(day: number): 'st' | 'nd' | 'rd' | 'th' {
  const teen = day % 100;
  if (teen >= 11 && teen <= 13) return 'th';
  return (['th', 'st', 'nd', 'rd'] as const)[day % 10] ?? 'th';
}

function part(data: MergeData, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(data.locale ?? 'en-US', { timeZone: data.timeZone, ...options }).format(data.now);
}

function dayOfMonth(data: MergeData): number {
  return Number(dateTimeFormat('en-US', { timeZone: data.timeZone, day: 'numeric' }).format(data.now));
}

/** The date and time fields; each reads the clock passed in `data`. */
const DATE_FIELDS: Record<string, (data: MergeData) => string> = {
  today: (data) => {
    const day = dayOfMonth(data);
    const english = !data.locale || data.locale.startsWith('en');
    const dayText = english ? `${day}${ordinalSuffix(day)}` : String(day);
    return `${part(data, { month: 'long' })} ${dayText}, ${part(data, { year: 'numeric' })}`;
  },
  weekday: (data) => part(data, { weekday: 'long' }),
  month: (data) => part(data, { month: 'long' }),
  year: (data) => part(data, { year: 'numeric' }),
  time: (data) => part(data, { hour: 'numeric', minute: '2-digit' }),
};

const RECORD_FIELDS: Record<string, (data: MergeData) => Readonly<Record<string, unknown>> | undefined> = {
  contact: (data) => data.contact,
  appointment: (data) => data.appointment,
};

type FieldResult = { value: string } | { error: string } | { deferred: true };

function fieldValue(name: string, data: MergeData): FieldResult {
  const [head = '', key, ...rest] = name.split('.');
  const date = Object.hasOwn(DATE_FIELDS, head) ? DATE_FIELDS[head] : undefined;
  if (date && key === undefined) return { value: date(data) };
  const record = Object.hasOwn(RECORD_FIELDS, head) ? RECORD_FIELDS[head] : undefined;
  if (!record || key === undefined || rest.length > 0) return { error: 'unknown merge field' };
  const source = record(data);
  // Without contact/appointment data (an anonymous server render) the field waits for the browser.
  if (!source) return { deferred: true };
  const value = source[key];
  if (value === undefined || value === null) return { value: '' };
  if (typeof value === 'object') return { error: 'not a plain value' };
  return { value: String(value) };
}

/** Whether `text` contains merge fields at all (a page with them is not HTML-cached). */
export function hasMergeFields(text: string): boolean {
  return placeholderNames(text).length > 0;
}

/** Whether `offset` in `html` lies inside a tag (between `<` and `>`). */
function insideTag(html: string, offset: number): boolean {
  return html.lastIndexOf('<', offset) > html.lastIndexOf('>', offset);
}

/** Replaces the merge fields of `template` with escaped values; failures keep their text and are reported. */
export function applyMergeFields(template: string, data: MergeData, report: MergeReport): string {
  return fillPlaceholders(template, (name, original, offset, fallback) => {
    try {
      const result = fieldValue(name, data);
      if ('value' in result) return escapeHtml(result.value || fallback);
      if ('deferred' in result) {
        if (insideTag(template, offset)) return escapeHtml(fallback);
        const shown = escapeHtml(fallback);
        return `<span data-merge-field="${escapeHtml(name)}"${fallback ? ` data-merge-fallback="${shown}"` : ''}>${shown}</span>`;
      }
      report(name, result.error);
    } catch (error) {
      report(name, error instanceof Error ? error.message : String(error));
    }
    return original;
  });
}

/**
 * Seller HTML that visitor values are merged into (a survey's end texts): sanitised to the
 * rich-text allow-list, each value filled after parsing as text (sanitiseHtml,
 * src/lib/safe-html.ts). A field that cannot be filled keeps its text and is reported; a
 * contact field without data is its fallback ('' without one).
 */
export function mergeVisitorHtml(template: string, data: MergeData, report: MergeReport): string {
  return sanitiseHtml(template, (name, fallback) => {
    try {
      const result = fieldValue(name, data);
      if ('value' in result) return result.value || fallback;
      if ('deferred' in result) return fallback;
      report(name, result.error);
    } catch (error) {
      report(name, error instanceof Error ? error.message : String(error));
    }
    return undefined;
  });
}

/**
 * A redirect URL with its merge fields filled, each value URL-encoded, only into the path,
 * query and fragment, never the scheme or host (fillUrlTemplate, src/lib/url-template.ts):
 * `{{contact.x}}`, or a bare `{{x}}` the contact has, from the contact; the date fields
 * (`{{today}}`, …) from `now`; anything else (an unknown field, a value that is no plain
 * value) becomes ''.
 */
export function fillMergeUrl(url: string, data: MergeData & { contact: Readonly<Record<string, unknown>> }): string {
  return fillUrlTemplate(url, (name) => {
    const key = name.startsWith('contact.') ? name.slice('contact.'.length) : name;
    const result = key !== name || Object.hasOwn(data.contact, key) ? fieldValue(`contact.${key}`, data) : fieldValue(name, data);
    return 'value' in result ? result.value : '';
  });
}
