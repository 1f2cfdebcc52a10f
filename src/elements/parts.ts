/**
 * Markup that several element renderers share: a seller image and the link or button an
 * image's `imageActions` wrap it in (docs/contracts/islands.md §2).
 */
import { elementAction } from '../tree/actions';
import type { RenderContext } from '../tree/context';
import { attrs, voidTag } from '../tree/html';
import { imageUrl } from '../tree/images';

export interface SellerImageProps {
  src: unknown;
  alt: string;
  width?: number;
  height?: number;
  cdnBase?: string;
  /** True below the first section and in popups. */
  lazy: boolean;
  class?: string;
}

const size = (n: number | undefined) => (n && n > 0 ? Math.round(n) : undefined);

/**
 * One seller image: CDN-rewritten src, explicit width/height (no layout shift), alt text,
 * and lazy loading below the first section. '' when the URL is unusable.
 */
export function sellerImage(props: SellerImageProps): string {
  const url = imageUrl(props.src, props.cdnBase);
  if (!url) return '';
  return voidTag('img', {
    class: props.class,
    src: url,
    alt: props.alt,
    width: size(props.width),
    height: size(props.height),
    loading: props.lazy ? 'lazy' : 'eager',
    decoding: 'async',
    fetchpriority: props.lazy ? undefined : 'high',
  });
}

/**
 * `inner` wrapped in what `actions` do: a link or a <button> the page runtime wires up;
 * `none` (or no action) leaves it unwrapped. An unknown action type is logged
 * (requirements PAGE-ERRORS) and rendered as the runtime expects.
 */
export function actionLink(
  actions: Record<string, unknown> & { type?: string; action?: string },
  ctx: RenderContext,
  elementId: string,
  inner: string,
  label?: string,
): string {
  const type = actions.type || actions.action || 'none';
  if (type === 'none') return inner;
  const markup = elementAction(ctx, elementId, type, actions);
  return `<${markup.tag} class="ef-action"${attrs({ 'aria-label': label || undefined }, markup.attributes)}>${inner}</${markup.tag}>`;
}
