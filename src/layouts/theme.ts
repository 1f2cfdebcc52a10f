/**
 * The page's theme as CSS custom properties: the palette of requirements PAGE-LIMITS (overridden by the
 * page's `general.colors` by label), the typography defaults (Montserrat headlines, Lato
 * content, black text, #188bf6 links) and the page background. Pure; values are sanitised.
 */
import { DEFAULT_THEME, fontStack } from '../lib/fonts';
import type { PageDocument } from '../schemas/page';
import { backgroundStyle } from '../tree/background';
import { cssValue } from '../tree/styles';

/** Requirements PAGE-LIMITS palette; `--primary`, `--secondary`, … */
export const DEFAULT_PALETTE: Readonly<Record<string, string>> = {
  Primary: '#37ca37',
  Secondary: '#188bf6',
  White: '#ffffff',
  Gray: '#cbd5e0',
  Black: '#000000',
  Red: '#e93d3d',
  Orange: '#f6ad55',
  Yellow: '#faf089',
  Green: '#9ae6b4',
  Teal: '#81e6d9',
  Malibu: '#63b3ed',
  Indigo: '#757bbd',
  Purple: '#d6bcfa',
  Pink: '#fbb6ce',
  Transparent: 'transparent',
  Overlay: 'rgba(0, 0, 0, 0.5)',
};

const variableName = (label: string) =>
  `--${label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** `:root{…}` with the palette, typography and page background variables. */
export function themeCss(doc: PageDocument, cdnBase?: string): string {
  const palette: Record<string, string> = { ...DEFAULT_PALETTE };
  for (const color of doc.general?.colors ?? []) {
    const value = cssValue(color.value);
    if (color.label && value) palette[color.label] = value;
  }
  const typography = doc.defaultSettings?.typography;
  const vars = [
    ...Object.entries(palette)
      .filter(([label]) => variableName(label) !== '--')
      .map(([label, value]) => `${variableName(label)}:${value}`),
    `--ef-headline-font:${fontStack(typography?.headlineFont ?? DEFAULT_THEME.headlineFont, DEFAULT_THEME.headlineFont)}`,
    `--ef-content-font:${fontStack(typography?.contentFont ?? DEFAULT_THEME.contentFont, DEFAULT_THEME.contentFont)}`,
    `--ef-text-color:${cssValue(typography?.textColor) ?? DEFAULT_THEME.textColor}`,
    `--ef-link-color:${cssValue(typography?.linkColor) ?? DEFAULT_THEME.linkColor}`,
  ];
  const background = backgroundStyle(doc.defaultSettings?.background, cdnBase);
  return `:root{${vars.join(';')}}${background ? `body{${background}}` : ''}`;
}
