/**
 * A form's starting values: a hidden field takes its hiddenFieldQueryKey from the query,
 * else its default; a standard contact field takes the query parameter of its name; then
 * what the visitor already gave (sticky contact); then the field's own value. The country
 * select starts on the location's country, else US (requirements WIDGET-LIMITS).
 */
import { DEFAULT_COUNTRY } from '../../lib/countries';
import { fieldKey } from '../../lib/validation/fields';
import { type FormField, STANDARD_CONTACT_FIELDS } from '../../schemas/form';
import { stickyContactKey } from './sticky-contact';

const STANDARD = new Set<string>(STANDARD_CONTACT_FIELDS);

/**
 * Where the browser finds prefill the cached page cannot show (the `client:interact` wake
 * options of src/client/interact-directive.ts): the query parameters of the visible standard
 * contact fields, and the remembered contact's storage key when the form is sticky.
 */
export function browserPrefill(fields: readonly FormField[], sticky: { locationId: string } | null): { query: string[]; storage: string[] } {
  return {
    query: fields.filter((field) => !field.hidden && STANDARD.has(field.tag)).map((field) => field.tag),
    storage: sticky ? [stickyContactKey(sticky.locationId)] : [],
  };
}

/** The default of a hidden field, from the query or its hiddenFieldValue. */
export function hiddenValue(field: FormField, query: URLSearchParams): unknown {
  const fromQuery = field.hiddenFieldQueryKey ? query.get(field.hiddenFieldQueryKey) : null;
  return fromQuery ?? field.hiddenFieldValue ?? field.value ?? '';
}

export function initialValues(
  fields: readonly FormField[],
  query: URLSearchParams,
  known: Readonly<Record<string, unknown>> = {},
  country = DEFAULT_COUNTRY,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const key = fieldKey(field);
    if (!key) continue;
    if (field.hidden) {
      values[key] = hiddenValue(field, query);
      continue;
    }
    const fromQuery = STANDARD.has(field.tag) ? query.get(field.tag) : null;
    const start = fromQuery ?? known[key] ?? field.prefillValue ?? field.value;
    if (start !== undefined && start !== null && start !== '') values[key] = start;
    else if (field.type === 'select' && field.tag === 'country') values[key] = country || DEFAULT_COUNTRY;
  }
  return values;
}
