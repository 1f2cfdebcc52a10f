/*
 * The page fonts a browser has in its HTTP cache, remembered in localStorage, for the inline
 * gate in the page head (./font-gate.ts); the page runtime warms the cache (warmGatedFonts).
 *
 * The fonts are `font-display: optional`: a file not there when text is first laid out
 * leaves that view in the metric-matched fallback (src/lib/fonts-assets.ts). On a first
 * view it almost never is (slow 4G: never; even on loopback the files often miss the
 * first layout), so fetching them then only competes with what the view does show. So a
 * first view leaves the @font-face rules off and paints in the fallback at once; when the
 * page is idle the runtime fetches the files into the cache and remembers them; every later
 * view whose files are remembered turns the rules on before the first layout, and the
 * text is set in the seller's fonts from its first paint, with no swap and no shift.
 */
import { whenIdle } from './idle';

/** localStorage key: the font URLs (fingerprinted) this browser has fetched, space-separated. */
const FONT_CACHE_KEY = 'ef:fonts';
/** The page's @font-face <style>; `data-fonts` lists the files worth having (src/layouts/funnel-page.astro). */
export const FONT_STYLE_ID = 'ef-fonts';
/** Set on that <style> by the gate when it left the fonts off: the page runtime warms the cache. */
export const FONTS_TO_WARM = 'data-fonts-warm';
/** Enough for every theme font of a funnel at both weights, with room for a build's new fingerprints. */
const REMEMBERED = 24;

const hrefs = (list: string | null | undefined): string[] => (list ?? '').split(' ').filter((href) => href !== '');

/** The font files a page lists. */
export function fontFilesOf(style: Element | null): string[] {
  return hrefs(style?.getAttribute('data-fonts'));
}

/** The font files this browser remembers fetching. Throws when storage is unavailable. */
export function rememberedFonts(storage: Storage): string[] {
  return hrefs(storage.getItem(FONT_CACHE_KEY));
}

/**
 * Fetches the files not yet remembered into the HTTP cache (a font request is CORS with
 * same-origin credentials, as fetch's default), then remembers them beside the others.
 * Nothing is remembered if one fails, so the next view stays in the fallback rather than
 * waiting on a file that is not there.
 */
export async function warmFontCache(win: Window, missing: readonly string[], remembered: readonly string[]): Promise<void> {
  // A visitor who asked for less data (Save-Data) keeps the fallback rather than fetching fonts.
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (missing.length === 0 || connection?.saveData) return;
  try {
    const answers = await Promise.all(missing.map((href) => win.fetch(href, { mode: 'cors', credentials: 'same-origin', priority: 'low' } as RequestInit)));
    for (const answer of answers) {
      if (!answer.ok) return;
      await answer.arrayBuffer();
    }
    const kept = [...missing, ...remembered.filter((href) => !missing.includes(href))].slice(0, REMEMBERED);
    win.localStorage.setItem(FONT_CACHE_KEY, kept.join(' '));
  } catch {
    // Offline, or storage full: the next view stays in the fallback.
  }
}

/**
 * Once the page has loaded and is idle, fetches the files the gate (./font-gate.ts) left off
 * for this view, for the next. Run by the page runtime, which starts after the first paint.
 */
export function warmGatedFonts(doc: Document, win: Window): void {
  const style = doc.getElementById(FONT_STYLE_ID);
  if (!style?.hasAttribute(FONTS_TO_WARM)) return;
  const warm = () =>
    whenIdle(win, () => {
      let remembered: string[];
      try {
        remembered = rememberedFonts(win.localStorage);
      } catch {
        return;
      }
      void warmFontCache(
        win,
        fontFilesOf(style).filter((href) => !remembered.includes(href)),
        remembered,
      );
    });
  if (doc.readyState === 'complete') warm();
  else win.addEventListener('load', warm, { once: true });
}
