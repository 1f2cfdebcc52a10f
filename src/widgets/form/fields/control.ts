/** The attributes every control shares: id, name, validity and what describes it. */
import type { FieldProps } from '../types';

export function controlProps(p: FieldProps) {
  return {
    id: p.inputId,
    name: p.name,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': p.describedBy,
    'aria-required': p.field.required ? true : undefined,
  } as const;
}

/** A field's value as the text a control shows. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A field's value as a list of texts. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf);
  const text = textOf(value);
  return text ? [text] : [];
}

/** Option labels of a picklist (strings and numbers; cascade maps are not options). */
export function optionsOf(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((o) => typeof o === 'string' || typeof o === 'number').map(String) : [];
}
