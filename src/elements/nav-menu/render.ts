/* A navigation landmark. A sub-menu opens on hover, and from its parent's button
 * (aria-expanded; Enter, Space or ↓ open it, Escape closes it: src/client/nav-menu.ts);
 * before the page runtime runs, keyboard focus inside opens it (CSS :focus-within). On a phone the items collapse behind a toggle
 * button (aria-expanded, src/client/nav-menu.ts) that opens them as a full-width list.
 * Each item's link or button comes from the shared action markup; a step link opened in a
 * new tab keeps target=_blank. */
import { elementAction } from '../../tree/actions';
import type { ElementProps, RenderContext } from '../../tree/context';
import { attrs, classList, esc } from '../../tree/html';
import { elementAttrs } from '../common';
import { sellerImage } from '../parts';
import { menuAction } from './menu-link';
import type { MenuItem, NavMenuExtra } from './schema';

function itemLabel(item: MenuItem, ctx: RenderContext, subId: string | undefined): string {
  const action = menuAction(item);
  // A label that opens a sub-menu is a button, reachable and operable by keyboard.
  if (!action && subId)
    return `<button type="button" class="ef-nav-sub-toggle" data-nav-sub aria-expanded="false"${attrs({ 'aria-controls': subId })}>${esc(item.title)}</button>`;
  if (!action) return `<span>${esc(item.title)}</span>`;
  const markup = elementAction(ctx, item.id || 'nav-menu', action.action, action.extra);
  const newTab = item.openInNewTab && markup.tag === 'a' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return `<${markup.tag}${attrs({ ...markup.attributes, ...newTab })}>${esc(item.title)}</${markup.tag}>`;
}

/** The items of a menu, nested through `childs`; `id` names the top list (the mobile toggle controls it). */
function menuItems(items: MenuItem[], ctx: RenderContext, nested: boolean, id: string): string {
  let out = `<ul${attrs({ class: nested ? 'ef-nav-sub' : 'ef-nav-items', id })}>`;
  items.forEach((item, index) => {
    const subId = item.childs.length > 0 ? `${id}-${index}` : undefined;
    out += `<li${attrs({ class: classList('ef-nav-item', subId && 'ef-nav-has-sub'), 'data-menu-item': item.id || undefined })}>`;
    out += `${itemLabel(item, ctx, subId) + (subId ? menuItems(item.childs, ctx, true, subId) : '')}</li>`;
  });
  return `${out}</ul>`;
}

export function renderNavMenu({ node, extra, ctx, place }: ElementProps<NavMenuExtra>): string {
  const layout = ['left', 'center', 'right'].includes(extra.layout) ? extra.layout : 'right';
  const id = node.element.id;
  const outer = attrs(elementAttrs(node, extra, { classes: [`ef-nav-${layout}`] }), {
    'aria-label': extra.ariaLabel || extra.headline || ctx.t('menu.toggle'),
  });
  let inner = '';
  if (extra.includeLogo || extra.includeHeadline) {
    const logo = extra.includeLogo
      ? sellerImage({ class: 'ef-nav-logo', src: extra.logoUrl, alt: extra.headline, height: 48, cdnBase: ctx.cdnBase, lazy: place.sectionIndex > 0 })
      : '';
    const headline = extra.includeHeadline && extra.headline ? `<span class="ef-nav-headline">${esc(extra.headline)}</span>` : '';
    inner += `<div class="ef-nav-brand">${logo}${headline}</div>`;
  }
  if (extra.menuItems.length > 0) {
    inner += `<button type="button" class="ef-nav-toggle" data-nav-toggle aria-expanded="false"${attrs({ 'aria-controls': `${id}-items` })}><span class="ef-nav-toggle-bars" aria-hidden="true"></span><span${attrs({ lang: ctx.uiLang })}>${esc(ctx.t('menu.toggle'))}</span></button>`;
  }
  return `<nav${outer}>${inner}${menuItems(extra.menuItems, ctx, false, `${id}-items`)}</nav>`;
}
