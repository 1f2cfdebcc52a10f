import { belowTheFold, type ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import { actionLink, sellerImage } from '../parts';
import type { ImageExtra } from './schema';

export function renderImage({ node, extra, ctx, place }: ElementProps<ImageExtra>): string {
  const lazy = belowTheFold(place);
  const image = sellerImage({ src: extra.imageUrl, alt: extra.altText, width: extra.width, height: extra.height, cdnBase: ctx.cdnBase, lazy });
  return tag('div', elementAttrs(node, extra), actionLink(extra.imageActions, ctx, node.element.id, image));
}
