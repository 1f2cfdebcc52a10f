/* Seller HTML as given: it is the seller's own trusted content (requirements ARCH). */
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs, textTag } from '../common';
import type { SubHeadingExtra } from './schema';

export function renderSubHeading({ node, extra, ctx }: ElementProps<SubHeadingExtra>): string {
  return tag(textTag(extra.text, extra.tag ?? 'h2'), elementAttrs(node, extra), ctx.text(extra.text));
}
