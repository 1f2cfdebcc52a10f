/* Seller HTML as given: it is the seller's own trusted content (requirements ARCH). */
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import type { BulletListExtra } from './schema';

export function renderBulletList({ node, extra, ctx }: ElementProps<BulletListExtra>): string {
  return tag('div', elementAttrs(node, extra), ctx.text(extra.text));
}
