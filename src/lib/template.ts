/*
 * Text templates with `{{name}}` placeholders: translated strings ("Step {{step}} of
 * {{total}}"), validation messages, and the merge fields of seller text and URLs
 * (src/lib/merge-fields.ts). One placeholder syntax, read the same everywhere: a name of
 * letters, digits, `_` and dots, with optional spaces inside the braces, and optionally a
 * fallback after a bar (`{{contact.first_name | there}}`) for a visitor who gave nothing.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*(?:\|([^{}|]{0,200}))?\}\}/g;

/**
 * Replaces each placeholder with what `fill` answers for its name (`whole` is the
 * placeholder as written, `offset` where it starts, `fallback` the text after its bar, trimmed, '' without one).
 */
export function fillPlaceholders(template: string, fill: (name: string, whole: string, offset: number, fallback: string) => string): string {
  return template.replace(PLACEHOLDER, (whole, name: string, fallback: string | undefined, offset: number) =>
    fill(name, whole, offset, (fallback ?? '').trim()),
  );
}

/** The names of the placeholders in `text`, in order. */
export function placeholderNames(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? '');
}

/** Fills placeholders from `values`; one without a value keeps its text, so a missing value shows rather than vanishes. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillPlaceholders(template, (name, whole) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
