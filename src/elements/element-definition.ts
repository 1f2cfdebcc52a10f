/**
 * What one element type is, as plain data in its folder (`src/elements/<meta>/definition.ts`):
 * how to read its `extra`, how it renders, and the facts about it that the page needs before
 * rendering anything. src/elements/registry.ts lists the definitions; every list a page
 * needs (the metas, the timers, the island stylesheets, what keys an edge copy by the clock
 * or the zone, what names a popup's dialog) is derived from them, never kept by hand.
 */
import type { ElementProps } from '../tree/context';
import type { ExtraSchema } from '../tree/extra';
import type { HtmlClock } from '../tree/html-clock';
import type { IslandSheet } from './island-styles';

/** A string renderer: the element's HTML around its children's (`children`, already rendered). */
export type HtmlRenderer = (props: ElementProps<never>, children: string) => string;

/** An island's Astro renderer (`<meta>.astro`), taking `ElementProps<Extra>`. */
export type IslandRenderer = (props: never) => unknown;

interface Facts {
  /** The valibot schema of its `extra`, defaults filled in (src/tree/extra.ts). */
  extra: ExtraSchema<unknown>;
  /** The finest clock unit its HTML shows; the page's edge copy is keyed by it (src/tree/html-clock.ts). */
  clock?: HtmlClock;
  /** Its HTML shows the visitor's time zone; the page's edge copy is keyed by the zone. */
  zoned?: boolean;
  /** It takes a purchase (an order form): no other site may frame its page (src/tree/purchase.ts). */
  sells?: boolean;
  /** A timer: the page settles it before the first paint, and it may show elements later. */
  timer?: boolean;
  /** The first such element of a popup names the popup's dialog (aria-labelledby). */
  namesDialog?: boolean;
}

/** An element rendered to a string in the one pass of src/tree/render-html.ts; ships no script. */
export interface StaticElement extends Facts {
  html: HtmlRenderer;
  island?: undefined;
  sheets?: undefined;
}

/**
 * An interactive element: its `.astro` renderer, loaded when a page has one, renders its
 * React island (a client directive works only on a component a `.astro` file imports).
 * It has no child elements.
 */
export interface IslandElement extends Facts {
  island: () => Promise<{ default: IslandRenderer }>;
  /** The stylesheets its island needs, inlined only on pages that have it (src/elements/island-styles.ts). */
  sheets: readonly IslandSheet[];
  html?: undefined;
}

export type ElementDefinition = StaticElement | IslandElement;
