/* A button. Its action's markup comes from `elementAction` (docs/contracts/islands.md §2):
 * navigation actions are real links (they work without JavaScript), in-page actions are
 * <button>s with data-action and data-* settings the page runtime wires up. The wrapper
 * (`.ef-button`) carries the element's id, classes and visibility; the seller's styles go
 * on the clickable part (`.ef-btn`) only, so the wrapper never paints a second background.
 * Button text is seller HTML, as given (requirements ARCH). A named icon is inline SVG from
 * the icon set (./icons.ts). */
import { elementAction } from '../../tree/actions';
import type { ElementProps } from '../../tree/context';
import { attrs, classList, esc, tag } from '../../tree/html';
import { inlineStyle } from '../../tree/styles';
import { elementAttrs } from '../common';
import { namedIconSvg } from './icons';
import type { ButtonExtra } from './schema';

export function renderButton({ node, extra, ctx }: ElementProps<ButtonExtra>): string {
  const { tag: name, attributes } = elementAction(ctx, node.element.id, extra.action, extra);
  const { style: _style, ...outer } = elementAttrs(node, extra);
  const style = inlineStyle(node.element.styles) || undefined;
  const iconSvg = typeof extra.icon === 'string' ? (extra.icon.trim().startsWith('<svg') ? extra.icon : '') : (extra.icon.svg ?? '');
  const iconName = typeof extra.icon === 'string' ? (iconSvg ? '' : extra.icon) : (extra.icon.name ?? '');
  // A named icon is drawn from the icon set (./icons.ts); the seller's own SVG wins.
  const icon = iconSvg || (iconName ? namedIconSvg(iconName) : '');
  const newTab = attributes.target === '_blank';
  const main =
    `<span class="${classList('ef-button-main', extra.iconPosition === 'right' && 'ef-icon-right')}">` +
    (icon ? `<span class="ef-button-icon" aria-hidden="true">${icon}</span>` : '') +
    `<span class="ef-button-text">${ctx.text(extra.text)}</span></span>`;
  const inner =
    main +
    (extra.subText ? `<span class="ef-button-subtext">${ctx.text(extra.subText)}</span>` : '') +
    (newTab ? `<span class="ef-visually-hidden"${attrs({ lang: ctx.uiLang })}>${esc(ctx.t('newTab'))}</span>` : '');
  return tag('div', outer, `<${name} class="ef-btn"${attrs({ style, 'data-icon': iconName || undefined }, attributes)}>${inner}</${name}>`);
}
