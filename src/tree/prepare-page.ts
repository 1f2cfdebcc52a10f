/**
 * From get_page's answer to what the layout renders: the validated document, the render
 * context, the section tree and the popups' trees (elements a timer shows later marked
 * hidden), and how the HTML depends on the clock (date merge fields), which its edge copy
 * is keyed by. Timers carry deadlines, so they do not make a page depend on the clock.
 */
import { idsShownByTimers } from '../lib/timers/view';
import { buildForest, buildTree, type TreeNode, walkTree } from './build-tree';
import type { RenderContext } from './context';
import { type ContextInput, createRenderContext } from './create-context';
import { type HtmlClock, htmlClockOf } from './html-clock';
import { readPageDocument } from './read-page';
import { rememberedFor } from '../lib/memo';
import type { PageDocument } from '../schemas/page';

export interface PreparedPage {
  ctx: RenderContext;
  sections: TreeNode[];
  popups: { id: string; exitIntent: boolean; nodes: TreeNode[] }[];
  /** The finest clock unit the HTML shows (date merge fields); its edge copy is keyed by it. */
  clock: HtmlClock;
}

/** What a page route shows. */
export type PageOutcome =
  | { kind: 'page'; page: PreparedPage }
  | { kind: 'not-found' }
  | { kind: 'error'; status: number; msg?: string; unknownMiddleware?: boolean };

type PrepareOptions = Omit<ContextInput, 'doc'>;

/** The clock dependence of a document (documents are shared between renders, src/tree/read-page.ts). */
const clocks = new WeakMap<PageDocument, HtmlClock>();
const clockOf = (doc: PageDocument) => rememberedFor(clocks, doc, () => htmlClockOf(JSON.stringify(doc.elements)));

export function preparePage(raw: unknown, options: PrepareOptions): PreparedPage {
  const read = readPageDocument(raw, options.log);
  const doc = options.isPreview ? { ...read, pageMeta: { ...read.pageMeta, isPreviewUrl: true } } : read;
  const popupRoots = new Set(doc.popups.flatMap((popup) => popup.child));
  const ctx = createRenderContext({ ...options, doc });
  const sections = buildTree(doc.elements, options.log, popupRoots);
  const popups = doc.popups.map((popup) => ({ id: popup.id, exitIntent: popup.exitIntent === true, nodes: buildForest(popup.child, doc.elements, options.log) }));
  // Elements a timer shows later start hidden (docs/contracts/islands.md §4).
  const shownLater = idsShownByTimers(doc.elements);
  const markHidden = (node: TreeNode) => {
    if (shownLater.has(node.element.id)) node.hidden = true;
  };
  walkTree(sections, markHidden);
  for (const popup of popups) walkTree(popup.nodes, markHidden);
  return { ctx, sections, popups, clock: clockOf(read) };
}
