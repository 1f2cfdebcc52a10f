/**
 * The seed's font and colour checks (requirements OPTIN-RULES-8: 'Invalid font name',
 * 'Invalid color'), applied to a page's design settings when the page is stored or
 * published, so a bad value is refused with its message before any page is built with it.
 * A font name is a CSS family name of letters, digits, spaces and hyphens; a colour is a
 * hex colour, an rgb()/rgba()/hsl()/hsla() colour, a CSS colour keyword or a var(); empty
 * means unset. Pure.
 */

export const INVALID_FONT = 'Invalid font name';
export const INVALID_COLOR = 'Invalid color';

const FONT = /^[A-Za-z0-9][A-Za-z0-9 -]{0,62}$/;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\s*-?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg)?\s*`;
const FUNCTION = new RegExp(String.raw`^(?:rgb|rgba|hsl|hsla)\((?:${NUMBER}(?:,|\s|/)){2,3}${NUMBER}\)$`, 'i');
const KEYWORD = /^[a-z]{3,20}$/i;
const VARIABLE = /^var\(--[A-Za-z0-9_-]{1,60}\)$/;

export function isFontName(name: string): boolean {
  return name.trim() === '' || FONT.test(name.trim());
}

export function isColor(value: string): boolean {
  const v = value.trim();
  return v === '' || HEX.test(v) || FUNCTION.test(v) || KEYWORD.test(v) || VARIABLE.test(v);
}

type Loose = Record<string, unknown> | undefined;
const obj = (value: unknown): Loose => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []);

/** The first font or colour of a page document that fails its check, as `path: message`; null when all pass. */
export function designIssue(doc: Record<string, unknown>): string | null {
  const general = obj(doc.general);
  const inner = obj(general?.general);
  const typography = obj(obj(doc.defaultSettings)?.typography);
  const fonts: [string, string][] = [
    ...strings(inner?.fontsToLoad).map((f, i): [string, string] => [`general.general.fontsToLoad[${i}]`, f]),
    ...strings(general?.fontsToLoad).map((f, i): [string, string] => [`general.fontsToLoad[${i}]`, f]),
    ...(['headlineFont', 'contentFont'] as const).map((key): [string, string] => [`defaultSettings.typography.${key}`, String(typography?.[key] ?? '')]),
  ];
  for (const [path, font] of fonts) if (!isFontName(font)) return `${path}: ${INVALID_FONT}`;
  const colors: [string, string][] = [
    ...(Array.isArray(general?.colors) ? general.colors : []).map((c, i): [string, string] => [`general.colors[${i}].value`, String(obj(c)?.value ?? '')]),
    ...(['textColor', 'linkColor'] as const).map((key): [string, string] => [`defaultSettings.typography.${key}`, String(typography?.[key] ?? '')]),
  ];
  for (const [path, color] of colors) if (!isColor(color)) return `${path}: ${INVALID_COLOR}`;
  return null;
}
