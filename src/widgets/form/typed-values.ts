/**
 * What a visitor typed or picked in a server-rendered form before its island hydrated
 * (`client:interact`, src/client/interact-directive.ts). React keeps a control's current
 * value when it hydrates but starts from the rendered state, so the island adopts these
 * once it has mounted; nothing typed in the first moments is lost.
 *
 * A control counts as changed when it differs from what the server rendered (its default
 * value, checked state or selected options); its field is then read the way the no-JS
 * post reads it (plain-form.ts).
 */
import { fieldKey } from '../../lib/validation/fields';
import type { FormField } from '../../schemas/form';
import { readPlainForm } from './plain-form';

function changed(control: Element): boolean {
  if (control instanceof HTMLInputElement) {
    if (control.type === 'checkbox' || control.type === 'radio') return control.checked !== control.defaultChecked;
    if (control.type === 'file' || control.type === 'hidden') return false;
    return control.value !== control.defaultValue;
  }
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  return false;
}

/** The answers of the fields the visitor changed in `form` before hydration, by field key. */
export function typedBeforeHydration(form: HTMLFormElement | null, fields: readonly FormField[]): Record<string, unknown> {
  if (!form) return {};
  const names = new Set<string>();
  for (const control of form.elements) {
    const name = (control as HTMLInputElement).name;
    // Numbered controls (`key[0]`) belong to their field's key.
    if (name && changed(control)) names.add(name.replace(/\[\d+\]$/, ''));
  }
  if (!names.size) return {};
  const { answers } = readPlainForm(fields, new FormData(form));
  const typed: Record<string, unknown> = {};
  for (const field of fields) {
    const key = fieldKey(field);
    if (key && names.has(key) && key in answers) typed[key] = answers[key];
  }
  return typed;
}
