/**
 * Which self-hosted fonts a page needs (requirements PAGE-LIMITS: Arial, Lato, Open Sans, Montserrat at
 * 400 and 700; Arial and Helvetica Neue are never loaded). Pure: it reads the page's theme
 * fonts, its `fontsToLoad` lists and the `fontFamily` styles of its elements. The font files
 * and their @font-face rules are in ./fonts-assets.ts.
 */
import type { PageDocument } from '../schemas/page';

export const SELF_HOSTED_FONTS = ['Montserrat', 'Lato', 'Open Sans'] as const;
export type SelfHostedFont = (typeof SELF_HOSTED_FONTS)[number];

/** The theme defaults of requirements PAGE-DATA. */
export const DEFAULT_THEME = {
  headlineFont: 'Montserrat',
  contentFont: 'Lato',
  textColor: '#000000',
  linkColor: '#188bf6',
  backgroundColor: '#ffffff',
} as const;

/** The self-hosted font a CSS font-family list starts with, if any (`"Open Sans", sans-serif` → Open Sans). */
export function selfHostedFont(family: unknown): SelfHostedFont | null {
  if (typeof family !== 'string') return null;
  const first =
    family
      .split(',')[0]
      ?.trim()
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase() ?? '';
  return SELF_HOSTED_FONTS.find((font) => font.toLowerCase() === first) ?? null;
}

/** The self-hosted fonts the page uses, in a stable order (a preview adds `fontsToLoadForPreview`). */
export function fontsUsedBy(doc: PageDocument, isPreview = false): SelfHostedFont[] {
  const typography = doc.defaultSettings?.typography;
  const names: unknown[] = [
    typography?.headlineFont ?? DEFAULT_THEME.headlineFont,
    typography?.contentFont ?? DEFAULT_THEME.contentFont,
    ...(doc.general?.general?.fontsToLoad ?? []),
    ...(doc.general?.fontsToLoad ?? []),
    ...(isPreview ? [...(doc.general?.general?.fontsToLoadForPreview ?? []), ...(doc.general?.fontsToLoadForPreview ?? [])] : []),
    ...(doc.elements ?? []).map((element) => element.styles?.fontFamily),
  ];
  const used = new Set(names.map(selfHostedFont).filter((font): font is SelfHostedFont => font !== null));
  return SELF_HOSTED_FONTS.filter((font) => used.has(font));
}

/**
 * A font-family value for CSS: the font quoted, then for a self-hosted font its
 * metric-matched fallback (./fonts-assets.ts: what a view shows while the font is not cached), then generics.
 */
export function fontStack(font: string | undefined, fallback: string): string {
  const name = (font ?? '').replace(/["'\\;{}<>]/g, '').trim() || fallback;
  const metricTwin = selfHostedFont(name) ? `"${selfHostedFont(name)} Fallback", ` : '';
  return `"${name}", ${metricTwin}${name === 'Helvetica Neue' || name === 'Arial' ? '' : 'Arial, '}"Helvetica Neue", Helvetica, sans-serif`;
}
