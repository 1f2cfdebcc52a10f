/**
 * The element tree to HTML in one synchronous pass: each element's string renderer
 * (src/elements/<meta>/render.ts) gets its children's HTML. Islands (form, survey, booking,
 * order form, video) need Astro to render their React component; they come out as their
 * own segments, in document order, for the layout to render with
 * src/components/element-node.astro. A renderer that throws costs only its element (and
 * what is inside it): it is reported and rendered as nothing, never cutting the page off.
 */
import type { ElementDefinition, IslandElement } from '../elements/element-definition';
import { reportError } from '../lib/report-error';
import type { TreeNode } from './build-tree';
import type { Placement, RenderContext } from './context';
import { parseExtra } from './extra';

/** An island element with its settings read, for the layout to render through Astro. */
export interface IslandSegment {
  node: TreeNode;
  place: Placement;
  meta: string;
  extra: unknown;
  /** Loads the island's Astro renderer (its definition's `island`). */
  loadRenderer: IslandElement['island'];
}

/** Rendered HTML, or an island for Astro, in document order (adjacent HTML joined). */
export type Segment = string | IslandSegment;

/** Where a container's renderer puts its children when some of them are islands. */
const CHILDREN = '\u0000ef-children\u0000';

function push(out: Segment[], segment: Segment): void {
  if (typeof segment === 'string') {
    if (segment === '') return;
    const last = out.length - 1;
    if (last >= 0 && typeof out[last] === 'string') {
      out[last] += segment;
      return;
    }
  }
  out.push(segment);
}

/** The definition of an element type (src/elements/registry.ts `elementDefinition`), undefined when unknown. */
export type DefinitionOf = (meta: string) => ElementDefinition | undefined;

function renderNode(node: TreeNode, ctx: RenderContext, place: Placement, definitionOf: DefinitionOf, out: Segment[]): void {
  const { element } = node;
  const meta = element.meta || element.type;
  const definition = definitionOf(meta);
  if (!definition) {
    ctx.log('element.unknown-type', { elementId: element.id, meta });
    return;
  }
  const extra = parseExtra(definition.extra, element.extra, ctx.log, element.id);
  if (definition.island) {
    out.push({ node, place, meta, extra, loadRenderer: definition.island });
    return;
  }
  try {
    const children: Segment[] = [];
    for (const child of node.children) renderNode(child, ctx, place, definitionOf, children);
    const props = { node, extra, ctx, place } as never;
    if (children.every((child) => typeof child === 'string')) {
      push(out, definition.html(props, (children as string[]).join('')));
      return;
    }
    const html = definition.html(props, CHILDREN);
    const at = html.indexOf(CHILDREN);
    if (at < 0) {
      push(out, html);
      return;
    }
    push(out, html.slice(0, at));
    for (const child of children) push(out, child);
    push(out, html.slice(at + CHILDREN.length));
  } catch (error) {
    reportError(error, { event: 'element.render-failed', elementId: element.id, meta });
  }
}

/** The segments of `roots`, each placed as given, with the renderers `definitionOf` gives. */
export function renderTree(roots: readonly { node: TreeNode; place: Placement }[], ctx: RenderContext, definitionOf: DefinitionOf): Segment[] {
  const out: Segment[] = [];
  for (const { node, place } of roots) renderNode(node, ctx, place, definitionOf, out);
  return out;
}
