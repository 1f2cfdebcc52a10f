/**
 * The element tree of a page. Page data keeps every element in one flat list; sections
 * are the roots (in list order) and every other element hangs under its parent's `child`
 * ids. Pure functions: an id that points nowhere is skipped and logged, and a depth guard
 * stops a cycle (an element listed as its own ancestor) from recursing forever.
 */
import type { PageElement } from '../schemas/page';
import type { RenderLog } from './log';

/** An element with its resolved children, in `child` order. */
export interface TreeNode {
  element: PageElement;
  children: TreeNode[];
  /** Starts hidden (`hidden` attribute): a timer shows it later. */
  hidden?: boolean;
}

/** Nesting deeper than this is treated as a cycle or a broken document. */
export const MAX_TREE_DEPTH = 32;

/** Elements by id; of two elements with the same id the first wins. */
export function indexElements(elements: readonly PageElement[]): Map<string, PageElement> {
  const byId = new Map<string, PageElement>();
  for (const element of elements) if (!byId.has(element.id)) byId.set(element.id, element);
  return byId;
}

/** The page's root elements: its sections in the order they appear, except those in `exclude` (popup contents). */
export function rootSections(elements: readonly PageElement[], exclude: ReadonlySet<string> = new Set()): PageElement[] {
  return elements.filter((element) => element.type === 'section' && !exclude.has(element.id));
}

/** Builds the subtree under `element`, skipping missing ids and cutting cycles. */
export function buildNode(element: PageElement, byId: ReadonlyMap<string, PageElement>, log: RenderLog, ancestors: ReadonlySet<string> = new Set()): TreeNode {
  const path = new Set(ancestors).add(element.id);
  if (path.size > MAX_TREE_DEPTH) {
    log('tree.too-deep', { elementId: element.id, depth: path.size });
    return { element, children: [] };
  }
  const children: TreeNode[] = [];
  for (const childId of element.child) {
    const child = byId.get(childId);
    if (!child) {
      log('tree.missing-child', { elementId: element.id, childId });
      continue;
    }
    if (path.has(childId)) {
      log('tree.cycle', { elementId: element.id, childId });
      continue;
    }
    children.push(buildNode(child, byId, log, path));
  }
  return { element, children };
}

/** The page as a forest: one node per section, in order; sections shown in popups are left out. */
export function buildTree(elements: readonly PageElement[], log: RenderLog, exclude: ReadonlySet<string> = new Set()): TreeNode[] {
  const byId = indexElements(elements);
  return rootSections(elements, exclude).map((section) => buildNode(section, byId, log));
}

/** The nodes under the given ids (a popup's `child` list), skipping ids that point nowhere. */
export function buildForest(ids: readonly string[], elements: readonly PageElement[], log: RenderLog): TreeNode[] {
  const byId = indexElements(elements);
  const nodes: TreeNode[] = [];
  for (const id of ids) {
    const element = byId.get(id);
    if (element) nodes.push(buildNode(element, byId, log));
    else log('tree.missing-child', { elementId: 'popup', childId: id });
  }
  return nodes;
}

/** Every element reachable from the roots, depth first (used to find fonts and merge fields). */
export function walkTree(nodes: readonly TreeNode[], visit: (node: TreeNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walkTree(node.children, visit);
  }
}
