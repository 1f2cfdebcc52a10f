/**
 * The woff2 files of the self-hosted fonts, taken from the installed @fontsource packages
 * through Vite (`?url`: fingerprinted and served from /_astro/ with the other assets), and
 * the @font-face CSS of only the fonts a page uses. Latin and Latin Extended subsets (the
 * latter for Hungarian and Polish), weights 400 and 700.
 *
 * The fonts are `font-display: optional` with metric-matched fallbacks: a view paints in the
 * seller's fonts when they are at hand at first layout, and otherwise in the fallback for
 * the whole view, with no swap (a fallback matches a font's average width, not its line
 * breaks, and a swap shifted lines by CLS 0.027-0.06). A published page's first view leaves
 * them off and fetches them when idle; later views turn them on from the cache before the
 * first layout (src/client/font-gate.ts, src/client/font-cache.ts).
 */
import lato400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import lato700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url';
import latoExt400 from '@fontsource/lato/files/lato-latin-ext-400-normal.woff2?url';
import latoExt700 from '@fontsource/lato/files/lato-latin-ext-700-normal.woff2?url';
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import montserratExt400 from '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2?url';
import montserratExt700 from '@fontsource/montserrat/files/montserrat-latin-ext-700-normal.woff2?url';
import openSans400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import openSans700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';
import openSansExt400 from '@fontsource/open-sans/files/open-sans-latin-ext-400-normal.woff2?url';
import openSansExt700 from '@fontsource/open-sans/files/open-sans-latin-ext-700-normal.woff2?url';
import type { SelfHostedFont } from './fonts';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

interface FontFiles {
  latin: Record<400 | 700, string>;
  latinExt: Record<400 | 700, string>;
}

const FILES: Record<SelfHostedFont, FontFiles> = {
  Montserrat: { latin: { 400: montserrat400, 700: montserrat700 }, latinExt: { 400: montserratExt400, 700: montserratExt700 } },
  Lato: { latin: { 400: lato400, 700: lato700 }, latinExt: { 400: latoExt400, 700: latoExt700 } },
  'Open Sans': { latin: { 400: openSans400, 700: openSans700 }, latinExt: { 400: openSansExt400, 700: openSansExt700 } },
};

/**
 * Metrics that make Arial (or its metric twin Liberation Sans) take about the room of each
 * font, for a view set in the fallback. Measured from the woff2 files
 * with fontkitten: size-adjust is the ratio of average advance widths over English text,
 * the overrides are the font's ascent/descent/line gap divided by it.
 */
const FALLBACK_METRICS: Record<SelfHostedFont, Record<400 | 700, string>> = {
  Montserrat: {
    400: 'size-adjust:112.88%;ascent-override:85.75%;descent-override:22.24%;line-gap-override:0%',
    700: 'size-adjust:111.18%;ascent-override:87.07%;descent-override:22.58%;line-gap-override:0%',
  },
  Lato: {
    400: 'size-adjust:98.04%;ascent-override:100.67%;descent-override:21.73%;line-gap-override:0%',
    700: 'size-adjust:93.96%;ascent-override:105.04%;descent-override:22.67%;line-gap-override:0%',
  },
  'Open Sans': {
    400: 'size-adjust:105.22%;ascent-override:101.58%;descent-override:27.84%;line-gap-override:0%',
    700: 'size-adjust:105.09%;ascent-override:101.71%;descent-override:27.88%;line-gap-override:0%',
  },
};
const LOCAL_ARIAL: Record<400 | 700, string> = {
  400: 'local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Arimo")',
  700: 'local("Arial Bold"),local("Arial-BoldMT"),local("Liberation Sans Bold"),local("Arimo Bold")',
};

/**
 * @font-face rules for the given fonts (400 and 700, Latin and Latin Extended): the rules the
 * font gate switches off for a view that goes without the files (src/client/font-gate.ts).
 */
export function fontFaceCss(fonts: readonly SelfHostedFont[]): string {
  return fonts
    .flatMap((font) =>
      ([400, 700] as const).flatMap((weight) => [
        `@font-face{font-family:"${font}";font-style:normal;font-weight:${weight};font-display:optional;src:url(${FILES[font].latinExt[weight]}) format("woff2");unicode-range:${LATIN_EXT}}`,
        `@font-face{font-family:"${font}";font-style:normal;font-weight:${weight};font-display:optional;src:url(${FILES[font].latin[weight]}) format("woff2");unicode-range:${LATIN}}`,
      ]),
    )
    .join('\n');
}

/**
 * The metric-matched fallbacks of the given fonts ("Lato Fallback": Arial sized to Lato's
 * room), next in every font stack (./fonts.ts). They are always on: a view without the files
 * is set in them, and with them on, Chromium resolves each stack at the fallback face instead
 * of asking the system for every family named (half the font lookups of a first layout).
 */
export function fallbackFaceCss(fonts: readonly SelfHostedFont[]): string {
  return fonts
    .flatMap((font) =>
      ([400, 700] as const).map(
        (weight) =>
          `@font-face{font-family:"${font} Fallback";font-style:normal;font-weight:${weight};src:${LOCAL_ARIAL[weight]};${FALLBACK_METRICS[font][weight]}}`,
      ),
    )
    .join('\n');
}

/** Languages whose text needs the Latin Extended files (Hungarian ő ű, Polish ą ę ł …). */
const EXTENDED_LANGUAGES = new Set(['hu', 'pl']);

/**
 * The files a view of the page is set in, both weights of each font it uses (Latin, and
 * Latin Extended for Hungarian and Polish): what the page lists for the font gate
 * (src/client/font-cache.ts) to have in the browser's cache before a view turns the fonts on.
 */
export function fontCacheFiles(fonts: readonly SelfHostedFont[], lang: string): string[] {
  const extended = EXTENDED_LANGUAGES.has(lang.split('-')[0] ?? '');
  return fonts.flatMap((font) => ([400, 700] as const).flatMap((weight) => [FILES[font].latin[weight], ...(extended ? [FILES[font].latinExt[weight]] : [])]));
}
