/**
 * What every element renderer receives besides its own node: the page (for step links and
 * the palette), the visitor's query string, the CDN, preview mode, the request's
 * translator, the diagnostics log and the merge-field filler for seller text.
 */
import type { TFunction } from 'i18next';
import type { PageDocument } from '../schemas/page';
import type { TreeNode } from './build-tree';
import type { RenderLog } from './log';

export interface RenderContext {
  doc: PageDocument;
  /** The visitor's query string without `?` (carried to the next step). */
  query: string;
  /** The host the page was requested on (step URLs on it become root-relative). */
  host: string;
  cdnBase?: string;
  isPreview: boolean;
  /** The interface's language: `?lang`, then the location's (requirements ELEMENTS-5). */
  lang: string;
  /** The seller's content language, the document's `<html lang>`; interface parts in another language carry `uiLang`. */
  contentLang: string;
  /** The `lang` of a part in the interface's language: `lang` when it differs from `contentLang`, else undefined. */
  uiLang: string | undefined;
  t: TFunction;
  log: RenderLog;
  /** Seller HTML with its merge fields filled in and escaped. */
  text: (html: string) => string;
  /** Location time zone for dates shown to visitors. */
  timeZone?: string;
  /**
   * The zone the edge places the visitor in (Cloudflare's cf.timezone), when known: a booking
   * calendar renders its free days in it. A page that reads it is keyed by it (html-clock.ts).
   */
  visitorZone?: string;
  /** The render's clock (epoch ms): a day timer's next deadlines are counted from it. */
  now: number;
}

/** Where a node sits: the index of its section (0 = above the fold) and whether it is in a popup. */
export interface Placement {
  sectionIndex: number;
  inPopup: boolean;
}

/** Off the first screen: below the page's first section (sticky bars aside) or in a popup. Its images load lazily; above it they load first. */
export const belowTheFold = (place: Placement): boolean => place.inPopup || place.sectionIndex > 0;

/** The props of every element renderer (`src/elements/<meta>/<meta>.astro`). */
export interface ElementProps<Extra> {
  node: TreeNode;
  extra: Extra;
  ctx: RenderContext;
  place: Placement;
}
