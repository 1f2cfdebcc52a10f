/**
 * Astro's island runtime (the `astro-island` element that decodes an island's props and
 * hydrates it) from one cached file instead of inline in the HTML. Astro inlines it before
 * a page's first island: 4.4 KB, 1.5 KB gzip of every page with a form, survey, booking,
 * order form or video, and the part that pushed the demo's entry page past the first round
 * trip of a mobile connection. The build writes Astro's own script, unchanged, as
 * `/_astro/astro-island.<content hash>.js` (astro.config.mjs); the page's runtime loader
 * runs it with the page runtime, after load or at the visitor's first use
 * (src/client/runtime-loader.ts), so it is never on the first paint's path, and the next
 * page of the funnel has it cached.
 *
 * The islands are upgraded when it runs; each island's directive script (inline, before the
 * island, as Astro renders it) has run by then.
 */
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

declare const __EDGEFUNNEL_ISLAND_SCRIPT__: string | undefined;

/** The island runtime's URL in this build; '' under `npm run dev`, which keeps Astro's inline copy. */
export const ISLAND_SCRIPT_URL = typeof __EDGEFUNNEL_ISLAND_SCRIPT__ === 'string' ? __EDGEFUNNEL_ISLAND_SCRIPT__ : '';

/** The rule Astro renders beside its inline runtime (islands take no box of their own). */
export const ISLAND_CSS = ISLAND_STYLES;

/**
 * Tells this render's Astro result that the page carries the island runtime itself, so
 * Astro inlines only the directive scripts. Called from a layout's frontmatter with
 * `$$result`, before any island renders. Returns whether the layout must then render
 * `ISLAND_CSS` and the script tag (false under `npm run dev`, or if Astro's result no
 * longer has the flag, in which case Astro goes on inlining it).
 */
export function takeOverIslandScript(result: unknown): boolean {
  const metadata = (result as { _metadata?: { hasHydrationScript?: unknown } } | undefined)?._metadata;
  if (!ISLAND_SCRIPT_URL || typeof metadata?.hasHydrationScript !== 'boolean') return false;
  metadata.hasHydrationScript = true;
  return true;
}
