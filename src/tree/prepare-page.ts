/**
 * From get_page's answer to what the layout renders: the validated document, the render
 * context, the section tree and the popups' trees, and whether the page's text uses merge
 * fields (such a page changes with the clock and is not HTML-cached).
 */
import type { Translator } from '../lib/i18n';
import { hasMergeFields } from '../lib/merge-fields';
import { buildForest, buildTree, type TreeNode } from './build-tree';
import type { RenderContext } from './context';
import { createRenderContext } from './create-context';
import type { RenderLog } from './log';
import { readPageDocument } from './read-page';

export interface PreparedPage {
  ctx: RenderContext;
  sections: TreeNode[];
  popups: { id: string; exitIntent: boolean; nodes: TreeNode[] }[];
  usesMergeFields: boolean;
}

/** What a page route shows. */
export type PageOutcome =
  | { kind: 'page'; page: PreparedPage }
  | { kind: 'not-found' }
  | { kind: 'error'; status: number; msg?: string; unknownMiddleware?: boolean };

interface PrepareOptions {
  query: string;
  cdnBase?: string;
  isPreview: boolean;
  translator: Translator;
  log: RenderLog;
  now: Date;
}

export function preparePage(raw: unknown, options: PrepareOptions): PreparedPage {
  const doc = readPageDocument(raw, options.log);
  if (options.isPreview) doc.pageMeta = { ...doc.pageMeta, isPreviewUrl: true };
  const popupRoots = new Set(doc.popups.flatMap((popup) => popup.child));
  const ctx = createRenderContext({ ...options, doc });
  return {
    ctx,
    sections: buildTree(doc.elements, options.log, popupRoots),
    popups: doc.popups.map((popup) => ({ id: popup.id, exitIntent: popup.exitIntent === true, nodes: buildForest(popup.child, doc.elements, options.log) })),
    usesMergeFields: hasMergeFields(JSON.stringify(doc.elements)),
  };
}
