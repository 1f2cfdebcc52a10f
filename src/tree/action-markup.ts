/*
 * The markup of a clickable element's action, for the element renderers (buttons, images,
 * svgs, menu items): which tag to use and which attributes to write, from the element's
 * `extra` (or an image's `imageActions`). Navigation actions become real links that work
 * without JavaScript; in-page actions become buttons the page runtime wires up.
 */
import { normaliseLink } from '../lib/links';
import { elementIds } from '../lib/timers/expire';
import { type ActionName, isActionName } from '../lib/action-types';

/** Tag and attributes of an action element (attribute values are plain text, not escaped). */
export interface ActionMarkup {
  tag: 'a' | 'button';
  attributes: Record<string, string>;
}

/** Step URLs the renderer knows; each is a full or site-relative URL, '' when unknown. */
export interface StepLinks {
  /** URL of the funnel's next step. */
  nextStepUrl: string;
  /** URL of a funnel step by its stepPath (go-to-funnel-step). */
  stepUrl: (stepPath: string) => string;
}

type Extra = Record<string, unknown>;
type MarkupBuilder = (extra: Extra, links: StepLinks) => Record<string, string>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function nested(value: unknown, key: string): string {
  return value && typeof value === 'object' ? text((value as Extra)[key]) : text(value);
}

const link = (href: string, more: Record<string, string> = {}) => ({ href: href === '' ? '#' : href, ...more });

const BUILDERS: Record<ActionName, MarkupBuilder> = {
  'go-to-next-funnel-step': (_extra, links) => link(links.nextStepUrl),
  'go-to-funnel-step': (extra, links) => link(links.stepUrl(text(extra.stepPath))),
  url: (extra) => {
    const href = normaliseLink(nested(extra.visitWebsite, 'url'));
    const newTab = extra.visitWebsite && typeof extra.visitWebsite === 'object' && (extra.visitWebsite as Extra).newTab === true;
    return link(href, newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {});
  },
  'click-to-call': (extra) => link(`tel:${text(extra.phoneNumber).replace(/[^\d+*#,;]/g, '')}`),
  'click-to-sms': (extra) => link(`sms:${text(extra.phoneNumber).replace(/[^\d+*#,;]/g, '')}`),
  'scroll-to-element': (extra) => {
    const id = text(extra.scrollToElement).replace(/^#/, '');
    return link(id ? `#${id}` : '#', { 'data-scroll-to': id });
  },
  openPopup: (extra) => ({ 'data-popup-id': text(extra.popupId) || 'popup_1', 'aria-haspopup': 'dialog' }),
  'hide-element': (extra) => ({ 'data-hide-elements': elementIds(extra.hideElements).join(',') }),
  // saleAction (what follows a sale) travels along for the payment code.
  'sell-product': (extra) => {
    const saleAction = text(extra.saleAction);
    return { 'data-product-id': nested(extra.productId, 'id'), ...(saleAction ? { 'data-sale-action': saleAction } : {}) };
  },
  'go-to-membership': () => ({}),
  none: () => ({}),
};

/** The tag and attributes for an element with this action; unknown actions keep their name (the runtime logs them). */
export function actionMarkup(action: unknown, extra: Extra, links: StepLinks): ActionMarkup {
  const name = text(action) || 'none';
  if (!isActionName(name)) return { tag: 'button', attributes: { type: 'button', 'data-action': name } };
  const attributes: Record<string, string> = { 'data-action': name, ...BUILDERS[name](extra, links) };
  if ('href' in attributes) return { tag: 'a', attributes };
  return { tag: 'button', attributes: { type: 'button', ...attributes } };
}
