/**
 * From get_page's answer to what the layout renders: the validated document, the render
 * context, the section tree and the popups' trees (elements a timer shows later marked
 * hidden), and how the HTML depends on the clock (date merge fields, a booking calendar) and
 * on the visitor's time zone (a booking calendar), which its edge copy is keyed by. Timers carry deadlines, so they do not make a page depend on the clock.
 */

import { TIMER_METAS } from '../elements/registry';
import { rememberedFor } from '../lib/memo';
import { idsShownByTimers } from '../lib/timers/view';
import type { PageDocument } from '../schemas/page';
import { buildForest, buildTree, type TreeNode, walkTree } from './build-tree';
import type { RenderContext } from './context';
import { type ContextInput, createRenderContext } from './create-context';
import { type HtmlClock, type HtmlDependence, htmlDependenceOf } from './html-clock';
import { takesPurchase } from './purchase';
import { readPageDocument } from './read-page';

export interface PreparedPage {
  ctx: RenderContext;
  sections: TreeNode[];
  popups: { id: string; exitIntent: boolean; nodes: TreeNode[] }[];
  /** The finest clock unit the HTML shows (date merge fields, a booking calendar); its edge copy is keyed by it. */
  clock: HtmlClock;
  /** The HTML shows the visitor's time zone (a booking calendar); its edge copy is keyed by it. */
  zoned: boolean;
  /** It takes a purchase: only its own site may frame it (./purchase.ts). */
  sells: boolean;
}

/** What a page route shows. */
export type PageOutcome =
  | { kind: 'page'; page: PreparedPage }
  | { kind: 'not-found' /** The server's message of its 404 (requirements ROUTES-2), shown under the title. */; msg?: string }
  | { kind: 'error'; status: number; msg?: string; unknownMiddleware?: boolean };

type PrepareOptions = Omit<ContextInput, 'doc'>;

/** The clock and zone dependence of a document (documents are shared between renders, src/tree/read-page.ts). */
const dependences = new WeakMap<PageDocument, HtmlDependence>();
const dependenceOf = (doc: PageDocument) => rememberedFor(dependences, doc, () => htmlDependenceOf(doc.elements));
const purchases = new WeakMap<PageDocument, boolean>();
const sellsOn = (doc: PageDocument) => rememberedFor(purchases, doc, () => takesPurchase(doc.elements));

export function preparePage(raw: unknown, options: PrepareOptions): PreparedPage {
  const read = readPageDocument(raw, options.log);
  const doc = options.isPreview ? { ...read, pageMeta: { ...read.pageMeta, isPreviewUrl: true } } : read;
  const popupRoots = new Set(doc.popups.flatMap((popup) => popup.child));
  const ctx = createRenderContext({ ...options, doc });
  const sections = buildTree(doc.elements, options.log, popupRoots);
  const popups = doc.popups.map((popup) => ({
    id: popup.id,
    exitIntent: popup.exitIntent === true,
    nodes: buildForest(popup.child, doc.elements, options.log),
  }));
  // Elements a timer shows later start hidden (docs/contracts/islands.md §4).
  const shownLater = idsShownByTimers(doc.elements, TIMER_METAS);
  const markHidden = (node: TreeNode) => {
    if (shownLater.has(node.element.id)) node.hidden = true;
  };
  walkTree(sections, markHidden);
  for (const popup of popups) walkTree(popup.nodes, markHidden);
  return { ctx, sections, popups, ...dependenceOf(read), sells: sellsOn(read) };
}
