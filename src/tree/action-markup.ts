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

const EMAIL = /^[^\s@<>"'?&]+@[^\s@<>"'?&]+\.[^\s@<>"'?&]+$/;

const link = (href: string, more: Record<string, string> = {}) => ({ href: href === '' ? '#' : href, ...more });

const BUILDERS: Record<ActionName, MarkupBuilder> = {
  'go-to-next-funnel-step': (_extra, links) => link(links.nextStepUrl),
  'go-to-funnel-step': (extra, links) => link(links.stepUrl(text(extra.stepPath))),
  url: (extra) => {
    // A url action without an address but with the email setting writes to it.
    const written = nested(extra.visitWebsite, 'url');
    const href = written === '' && EMAIL.test(text(extra.emailAddress)) ? `mailto:${text(extra.emailAddress)}` : normaliseLink(written);
    const newTab = extra.visitWebsite && typeof extra.visitWebsite === 'object' && (extra.visitWebsite as Extra).newTab === true;
    return link(href, newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {});
  },
  'click-to-call': (extra) => link(`tel:${text(extra.phoneNumber).replace(/[^\d+*#,;]/g, '')}`),
  'click-to-sms': (extra) => link(`sms:${text(extra.phoneNumber).replace(/[^\d+*#,;]/g, '')}`),
  // The button's email address setting (requirements PAGE-DATA-5).
  mailto: (extra) => link(EMAIL.test(text(extra.emailAddress)) ? `mailto:${text(extra.emailAddress)}` : '#'),
  'scroll-to-element': (extra) => {
    const id = text(extra.scrollToElement).replace(/^#/, '');
    return link(id ? `#${id}` : '#', { 'data-scroll-to': id });
  },
  openPopup: (extra) => ({ 'data-popup-id': text(extra.popupId) || 'popup_1', 'aria-haspopup': 'dialog' }),
  'hide-element': (extra) => ({ 'data-hide-elements': elementIds(extra.hideElements).join(',') }),
  // saleAction (what follows a sale) travels along for the payment code, with what that
  // action needs: a link's address as data-sale-target, an in-page action's own attributes.
  'sell-product': (extra, links) => ({ 'data-product-id': nested(extra.productId, 'id'), ...saleFollowUp(extra, links) }),
  'go-to-membership': () => ({}),
  none: () => ({}),
};

/**
 * What follows a paid sale (requirements PAGE-STATES-1, every action of the seed): empty or
 * go-to-next-funnel-step → the next step; any other action → its own markup, where a link's
 * href becomes `data-sale-target` (the payment code goes there) and the rest is kept for the
 * in-page action the payment code runs.
 */
export function saleFollowUp(extra: Extra, links: StepLinks): Record<string, string> {
  const written = text(extra.saleAction);
  const saleAction = written === '' ? 'go-to-next-funnel-step' : written;
  if (!isActionName(saleAction) || saleAction === 'sell-product') return { 'data-sale-action': saleAction };
  const { href, target: _newTab, rel: _rel, ...rest } = BUILDERS[saleAction](extra, links);
  const followUp: Record<string, string> = { 'data-sale-action': saleAction, ...rest };
  if (href && href !== '#' && saleAction !== 'scroll-to-element') followUp['data-sale-target'] = href;
  return followUp;
}

/** The tag and attributes for an element with this action; unknown actions keep their name (the runtime logs them). */
export function actionMarkup(action: unknown, extra: Extra, links: StepLinks): ActionMarkup {
  const name = text(action) || 'none';
  if (!isActionName(name)) return { tag: 'button', attributes: { type: 'button', 'data-action': name } };
  const attributes: Record<string, string> = { 'data-action': name, ...BUILDERS[name](extra, links) };
  if ('href' in attributes) return { tag: 'a', attributes };
  return { tag: 'button', attributes: { type: 'button', ...attributes } };
}
