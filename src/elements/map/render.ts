/* A map: the seller's map picture linking to the place (or the place's name as the link). */
import { normaliseLink } from '../../lib/links';
import { belowTheFold, type ElementProps } from '../../tree/context';
import { attrs, esc, tag } from '../../tree/html';
import { elementAttrs } from '../common';
import { sellerImage } from '../parts';
import type { MapExtra } from './schema';

export function renderMap({ node, extra, ctx, place }: ElementProps<MapExtra>): string {
  const { url, name, placeId } = extra.mapLocation;
  const sellerUrl = normaliseLink(url);
  const placeUrl =
    (sellerUrl !== '#' ? sellerUrl : null) ??
    (placeId || name
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(name || placeId)}${placeId ? `&query_place_id=${encodeURIComponent(placeId)}` : ''}`
      : null);
  const label = ctx.t('map.open', { name: name || placeId });
  const image = (alt: string) =>
    sellerImage({ src: extra.imageUrl, alt, width: extra.width, height: extra.height, cdnBase: ctx.cdnBase, lazy: belowTheFold(place) });
  if (!placeUrl) return tag('div', elementAttrs(node, extra), image(name));
  const link = attrs({
    class: 'ef-map-link',
    href: placeUrl,
    target: extra.newTab ? '_blank' : undefined,
    rel: extra.newTab ? 'noopener noreferrer' : undefined,
  });
  return tag('div', elementAttrs(node, extra), `<a${link}>${extra.imageUrl ? image(label) : `<span>${esc(label)}</span>`}</a>`);
}
