/*
 * The page fonts' gate, run in the page head before anything is laid out: bundled into one
 * classic script (astro.config.mjs, `inline-script:`) that src/layouts/funnel-page.astro puts
 * right after the @font-face <style> of a published page. When this browser has every listed
 * font file in its cache (./font-cache.ts), the rules stay on and the files are preloaded
 * from the cache; otherwise the rules are switched off for this view, which paints in the
 * metric-matched fallback and requests no font; the page runtime, which starts after the
 * first paint, fetches the files into the cache for the next view (`warmGatedFonts`), so
 * the gate, inline in the head of every page, stays small. Without storage the rules stay
 * on, as without this gate.
 */
import { FONT_STYLE_ID, FONTS_TO_WARM, fontFilesOf, rememberedFonts } from './font-cache';

const style = document.getElementById(FONT_STYLE_ID);
const files = fontFilesOf(style);
if (style && files.length > 0) {
  let remembered: string[] | null = null;
  try {
    remembered = rememberedFonts(window.localStorage);
  } catch {
    // Storage unavailable: keep the fonts on.
  }
  const missing = remembered ? files.filter((href) => !remembered.includes(href)) : [];
  if (remembered && missing.length > 0) {
    style.setAttribute('media', 'not all');
    // The page runtime fetches the files this view went without, for the next (./font-cache.ts).
    style.setAttribute(FONTS_TO_WARM, '');
  } else {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'font';
      link.type = 'font/woff2';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    }
  }
}
