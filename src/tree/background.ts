/**
 * Backgrounds of the page, sections, rows and columns (requirements PAGE-DATA): an image URL with a
 * fit option (bgCover, …), an opacity, or an SVG. Rendered as CSS custom properties that a
 * `::before` layer in the page CSS paints, so the opacity applies to the picture only and
 * no JavaScript is involved.
 */
import type { Background } from '../schemas/page';
import { imageUrl } from './images';
import { cssUrl } from './styles';

/** CSS of each fit option a builder stores in `value.options`. */
const FIT_OPTIONS: Record<string, string> = {
  bgCover: '--ef-bg-size:cover;--ef-bg-repeat:no-repeat',
  bgCover100: '--ef-bg-size:100% auto;--ef-bg-repeat:no-repeat',
  bgContain: '--ef-bg-size:contain;--ef-bg-repeat:no-repeat',
  bgNoRepeat: '--ef-bg-size:auto;--ef-bg-repeat:no-repeat',
  bgRepeat: '--ef-bg-size:auto;--ef-bg-repeat:repeat',
  bgFixed: '--ef-bg-size:cover;--ef-bg-repeat:no-repeat;--ef-bg-attachment:fixed',
};

/** An SVG as a data URI: the builder's pre-encoded form, else the code percent-encoded. */
function svgDataUri(svgCode: string | undefined, svgEncode: string | undefined): string | null {
  const encoded = (svgEncode ?? '').trim();
  if (encoded.startsWith('data:image/svg+xml')) return encoded;
  if (encoded !== '') return `data:image/svg+xml,${encoded}`;
  const code = (svgCode ?? '').trim();
  return code.startsWith('<svg') ? `data:image/svg+xml,${encodeURIComponent(code)}` : null;
}

/** Custom properties for a background, or '' when it paints nothing. */
export function backgroundStyle(background: Background | undefined, cdnBase?: string): string {
  if (!background) return '';
  const image = cssUrl(imageUrl(background.value?.url, cdnBase) ?? svgDataUri(background.svgCode, background.svgEncode) ?? undefined);
  if (!image) return '';
  const opacity = Number(background.opacity ?? 1);
  const parts = [`--ef-bg-image:${image}`, FIT_OPTIONS[background.value?.options ?? ''] ?? FIT_OPTIONS.bgCover];
  if (Number.isFinite(opacity) && opacity >= 0 && opacity < 1) parts.push(`--ef-bg-opacity:${opacity}`);
  return parts.join(';');
}
