/* The seller's SVG code inline (trusted seller content, like custom code). Its alt text
 * names the picture (role=img on the wrapper), or, when the svg has a click action, the
 * link or button around it: an image role must not contain an interactive element. */
import type { ElementProps } from '../../tree/context';
import { attrs } from '../../tree/html';
import { elementAttrs } from '../common';
import { actionLink } from '../parts';
import type { SvgExtra } from './schema';

export function renderSvg({ node, extra, ctx }: ElementProps<SvgExtra>): string {
  const label = extra.altText || undefined;
  const hasAction = (extra.imageActions.type || 'none') !== 'none';
  const outer = attrs(elementAttrs(node, extra), { role: label && !hasAction ? 'img' : undefined, 'aria-label': hasAction ? undefined : label });
  return `<div${outer}>${actionLink(extra.imageActions, ctx, node.element.id, `<span class="ef-svg">${extra.svgProperties.svgCode}</span>`, label)}</div>`;
}
