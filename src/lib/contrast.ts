/**
 * WCAG contrast of two colours, and a readable text colour on a background: a seller's
 * button colours are kept when they read well enough, else the text turns white or dark,
 * whichever reads better. Only hex colours are judged; anything else is kept as given.
 */

function channels(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two hex colours (1 to 21), or null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = channels(a);
  const cb = channels(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const LIGHT = '#ffffff';
const DARK = '#102a43';

/** `text` when it reaches `minimum` contrast on `background`; else white or dark, whichever is higher. */
export function readableText(text: string, background: string, minimum: number): string {
  const ratio = contrastRatio(text, background);
  if (ratio === null || ratio >= minimum) return text;
  return (contrastRatio(LIGHT, background) ?? 0) >= (contrastRatio(DARK, background) ?? 0) ? LIGHT : DARK;
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * A seller's accent as a colour that white text on it, and it as text on white, read at
 * `minimum` (4.5:1 for the booking widget's normal-size text): darkened towards black in
 * small steps until it does, keeping its hue. A colour that already reads, or is not hex,
 * is kept as given.
 */
export function readableAccent(accent: string, minimum = 4.5): string {
  const rgb = channels(accent);
  if (!rgb || (contrastRatio(accent, LIGHT) ?? 0) >= minimum) return accent;
  for (let keep = 0.95; keep > 0; keep -= 0.05) {
    const darker = hex(rgb.map((c) => c * keep));
    if ((contrastRatio(darker, LIGHT) ?? 0) >= minimum) return darker;
  }
  return DARK;
}
