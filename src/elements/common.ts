/**
 * Pieces of `extra` schemas that many element types share, and the attributes every
 * element's outer tag carries (`id`, `class`, `style`, `data-element`). All settings are
 * optional with defaults, so an element with an empty `extra` still renders.
 */
import * as v from 'valibot';
import { safeClasses, inlineStyle, joinStyles } from '../tree/styles';
import type { TreeNode } from '../tree/build-tree';

/** A string setting with a default. */
export const str = (fallback = '') => v.optional(v.string(), fallback);
/** A boolean setting with a default; `"true"`/`1` from older builders count as true. */
export const flag = (fallback = false) =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.string(), v.number()]),
      v.transform((value) => value === true || value === 'true' || value === 1 || value === '1'),
    ),
    fallback,
  );
/** A number setting with a default; numeric strings are accepted. */
export const num = (fallback: number) => v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.decimal())]), v.transform(Number)), fallback);
/** A list of element ids. */
export const idList = v.optional(v.array(v.string()), []);

export const visibility = v.optional(v.looseObject({ hideMobile: flag(), hideDesktop: flag() }), {
  hideMobile: false,
  hideDesktop: false,
});

export const backgroundSetting = v.optional(
  v.looseObject({
    value: v.optional(v.looseObject({ url: str(), options: str() }), { url: '', options: '' }),
    opacity: num(1),
    svgCode: str(),
    svgEncode: str(),
  }),
);

/** The schema every element's `extra` starts from. */
export const baseExtra = { visibility, hideMobile: flag(), hideDesktop: flag() };

/** Visibility classes: hidden at ≤767px (mobile) or above (desktop), in CSS only. */
export function visibilityClasses(extra: {
  visibility?: { hideMobile: boolean; hideDesktop: boolean };
  hideMobile?: boolean;
  hideDesktop?: boolean;
}): string[] {
  const classes: string[] = [];
  if (extra.visibility?.hideMobile || extra.hideMobile) classes.push('ef-hide-mobile');
  if (extra.visibility?.hideDesktop || extra.hideDesktop) classes.push('ef-hide-desktop');
  return classes;
}

/** The outer tag's attributes of an element: its id, seller classes + ours, inline styles. */
export function elementAttrs(
  node: TreeNode,
  extra: Parameters<typeof visibilityClasses>[0],
  options: { classes?: string[]; style?: string; omitStyles?: string[] } = {},
): Record<string, string> {
  const { element } = node;
  const styles = options.omitStyles
    ? Object.fromEntries(Object.entries(element.styles).filter(([name]) => !options.omitStyles?.includes(name)))
    : element.styles;
  const classList = ['ef-el', `ef-${element.meta || element.type}`, ...(options.classes ?? []), ...visibilityClasses(extra), ...safeClasses(element.class)];
  const style = joinStyles(inlineStyle(styles), options.style);
  return {
    id: element.id,
    class: classList.join(' '),
    'data-element': element.meta || element.type,
    ...(style ? { style } : {}),
    ...(node.hidden ? { hidden: '' } : {}),
  };
}

/**
 * The outer tag of a text element. Builders store heading text either as inner HTML or
 * with its own block tag (`<h1>…</h1>`); in the second case the outer tag must not be a
 * heading too, or the browser splits it into an empty heading and the seller's.
 */
export function textTag<T extends string>(html: string | undefined, wanted: T): T | 'div' {
  return /^\s*<(h[1-6]|p|div|ul|ol|section|header)\b/i.test(html ?? '') ? 'div' : wanted;
}
