/* Seller HTML as given: it is the seller's own trusted content (requirements ARCH). */
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs, textTag } from '../common';
import type { HeadingExtra } from './schema';

export function renderHeading({ node, extra, ctx }: ElementProps<HeadingExtra>): string {
  return tag(textTag(extra.text, extra.tag ?? 'h1'), elementAttrs(node, extra), ctx.text(extra.text));
}
