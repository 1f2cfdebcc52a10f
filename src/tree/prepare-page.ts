/**
 * From get_page's answer to what the layout renders: the validated document, the render
 * context, the section tree and the popups' trees (elements a timer shows later marked
 * hidden), and whether the HTML may be cached (not when merge fields or timers make it
 * depend on the clock).
 */
import { hasMergeFields } from '../lib/merge-fields';
import { idsShownByTimers, TIMER_METAS } from '../islands/timer/props';
import { buildForest, buildTree, type TreeNode, walkTree } from './build-tree';
import type { RenderContext } from './context';
import { type ContextInput, createRenderContext } from './create-context';
import { readPageDocument } from './read-page';

export interface PreparedPage {
  ctx: RenderContext;
  sections: TreeNode[];
  popups: { id: string; exitIntent: boolean; nodes: TreeNode[] }[];
  /** False when the HTML depends on the clock (merge fields, timers): then it is not HTML-cached. */
  cacheable: boolean;
}

/** What a page route shows. */
export type PageOutcome =
  | { kind: 'page'; page: PreparedPage }
  | { kind: 'not-found' }
  | { kind: 'error'; status: number; msg?: string; unknownMiddleware?: boolean };

type PrepareOptions = Omit<ContextInput, 'doc'>;

export function preparePage(raw: unknown, options: PrepareOptions): PreparedPage {
  const doc = readPageDocument(raw, options.log);
  if (options.isPreview) doc.pageMeta = { ...doc.pageMeta, isPreviewUrl: true };
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
  const hasTimers = doc.elements.some((element) => TIMER_METAS.has(element.meta));
  return { ctx, sections, popups, cacheable: !hasTimers && !hasMergeFields(JSON.stringify(doc.elements)) };
}
