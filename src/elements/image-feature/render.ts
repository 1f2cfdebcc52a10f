/* An image beside seller text (the text is seller HTML, as given: requirements ARCH). */
import { belowTheFold, type ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import { sellerImage } from '../parts';
import type { ImageFeatureExtra } from './schema';

export function renderImageFeature({ node, extra, ctx, place }: ElementProps<ImageFeatureExtra>): string {
  const textFirst = extra.featureColumnOrder === 'text-first' || extra.featureColumnOrder === 'right';
  const size = Math.min(90, Math.max(10, extra.featureColumnSize));
  const outer = elementAttrs(node, extra, { classes: textFirst ? ['ef-feature-text-first'] : [], style: `--ef-feature-size:${size}%` });
  const image = sellerImage({
    src: extra.imageUrl,
    alt: extra.altText,
    width: extra.width,
    height: extra.height,
    cdnBase: ctx.cdnBase,
    lazy: belowTheFold(place),
  });
  const headline = extra.featureHeadline ? `<div class="ef-feature-headline">${ctx.text(extra.featureHeadline)}</div>` : '';
  return tag(
    'div',
    outer,
    `<div class="ef-feature-image">${image}</div><div class="ef-feature-body">${headline}<div class="ef-feature-text">${ctx.text(extra.text)}</div></div>`,
  );
}
