/**
 * Building HTML as strings, for the element renderers of src/tree/render-html.ts: escaped
 * text, and attributes the way Astro writes them (absent when null, undefined or false;
 * bare when true or ''; otherwise quoted and escaped). Seller HTML is passed through as
 * given by the renderers themselves (trusted seller content, requirements ARCH).
 */
import { escapeHtml } from '../lib/merge-fields';

export type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Readonly<Record<string, AttrValue>>;

const NEEDS_ESCAPE = /[&<>"']/;
const VALID_NAME = /^[^\s"'>/=]+$/;

/** Text for element content or an attribute value, escaped. */
export function esc(value: string | number): string {
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? escapeHtml(text) : text;
}

/** ` name="value"` for each attribute that is set, in order. */
export function attrs(...groups: (Attrs | undefined)[]): string {
  let out = '';
  for (const group of groups) {
    if (!group) continue;
    for (const name in group) {
      const value = group[name];
      if (value === null || value === undefined || value === false || !VALID_NAME.test(name)) continue;
      out += value === true || value === '' ? ` ${name}` : ` ${name}="${esc(value)}"`;
    }
  }
  return out;
}

/** `<name …>inner</name>`. */
export function tag(name: string, attributes: Attrs | undefined, inner: string): string {
  return `<${name}${attributes ? attrs(attributes) : ''}>${inner}</${name}>`;
}

/** A void element: `<name …>`. */
export function voidTag(name: string, attributes: Attrs): string {
  return `<${name}${attrs(attributes)}>`;
}

/** Class names joined, falsy ones left out (like Astro's class:list for strings). */
export function classList(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
