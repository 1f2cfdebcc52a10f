/**
 * Seller styling made safe for a `style` attribute. Element `styles` are camelCase CSS
 * properties; names that are not plain identifiers are dropped and values lose the
 * characters that could end a declaration or smuggle markup or script (`; { } < > \`,
 * `expression(`, `javascript:`). Astro escapes the attribute itself.
 */

import { selfHostedFont } from '../lib/fonts';
import { isHttpUrl, isSitePath } from '../lib/http-url';
import { rememberedFor } from '../lib/memo';

const PROPERTY = /^-{0,2}[a-zA-Z][a-zA-Z0-9-]*$/;
const UNSAFE_VALUE = /[;{}<>\\]|expression\s*\(|javascript:|@import/gi;

/** `backgroundColor` → `background-color`; `WebkitBoxShadow` → `-webkit-box-shadow`; custom properties kept. */
export function cssPropertyName(name: string): string | null {
  if (!PROPERTY.test(name)) return null;
  if (name.startsWith('--')) return name;
  const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return /^(webkit|moz|ms)-/.test(kebab) ? `-${kebab}` : kebab;
}

/** A CSS value with the dangerous characters removed, or null when nothing is left. */
export function cssValue(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const clean = value.replace(UNSAFE_VALUE, '').trim();
  return clean === '' ? null : clean;
}

/** Style text by style map, worked out once per map (src/lib/memo.ts). */
const styleTexts = new WeakMap<object, string>();

/** Inline style text from a camelCase style map; invalid entries are skipped. */
export function inlineStyle(styles: Readonly<Record<string, unknown>> | undefined): string {
  return styles ? rememberedFor(styleTexts, styles, () => styleText(styles)) : '';
}

function styleText(styles: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(styles)) {
    const property = cssPropertyName(name);
    const text = cssValue(value);
    if (property && text !== null) parts.push(`${property}:${property === 'font-family' ? withMetricFallback(text) : text}`);
  }
  return parts.join(';');
}

/** A self-hosted font gets its metric-matched fallback next (no layout shift when it swaps in). */
function withMetricFallback(family: string): string {
  const font = selfHostedFont(family);
  if (!font || family.includes('Fallback')) return family;
  const first = family.split(',')[0] ?? family;
  return [first, `"${font} Fallback"`, ...family.split(',').slice(1)].join(',');
}

/** Joins style fragments, skipping empty ones. */
export function joinStyles(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(';');
}

/** A URL quoted for `url("…")`; only http(s), root-relative and data:image URLs pass. */
export function cssUrl(url: string | undefined): string | null {
  const trimmed = (url ?? '').trim();
  if (!isHttpUrl(trimmed) && !isSitePath(trimmed) && !/^data:image\//i.test(trimmed)) return null;
  return `url("${trimmed.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
}

/** Class names that are safe tokens (letters, digits, `-`, `_`). */
export function safeClasses(classes: readonly unknown[] | undefined): string[] {
  return (classes ?? []).filter((c): c is string => typeof c === 'string' && /^[A-Za-z_][\w-]*$/.test(c));
}
