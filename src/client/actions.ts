/*
 * What a click on an element with `data-action` does. One handler per action in a record (no
 * switch): plain links (url, click-to-call, click-to-sms) are left to the browser; funnel-step
 * links carry the query string and show the busy spinner; the others act in the page. The
 * code of the payment button and of the membership link loads with their first click, so
 * pages without them, and visitors who do not click, pay nothing for it; the scrolling code
 * loads with the page when it has such a button (page-features.ts), else with the click.
 */
import { carryQuery, STEP_LINK_SELECTOR } from '../lib/query-carry';
import { type ActionName, isActionName } from '../lib/action-types';
import { isBusy, setBusy, clearBusy } from './busy';
import type { FunnelContext } from './context';
import { whenLoaded } from './lazy';
import type { PopupOpener } from './page-features';
import { SELL_PRODUCT_EVENT, type SellProductDetail } from './sell-product-event';
import { idList, setElementsVisible } from './visibility';

/** What an action handler works with. */
export interface ActionEnv {
  doc: Document;
  win: Window;
  context: FunnelContext;
  /** Opens a popup; null on a page without popups. */
  popups: PopupOpener | null;
}

type ActionHandler = (element: HTMLElement, event: MouseEvent, env: ActionEnv) => void;

const plainLink: ActionHandler = () => {};

const stepLink: ActionHandler = (element, event, env) => {
  const href = element.getAttribute('href') ?? '#';
  if (href === '#' || href === '') {
    event.preventDefault();
    return;
  }
  element.setAttribute('href', carryQuery(href, env.win.location.search));
  const newTab = element.getAttribute('target') === '_blank' || event.ctrlKey || event.metaKey || event.shiftKey;
  if (isBusy(element)) event.preventDefault();
  else if (!newTab) setBusy(element, env.context.messages.loading);
};

const inPage =
  (run: (element: HTMLElement, env: ActionEnv) => void): ActionHandler =>
  (element, event, env) => {
    event.preventDefault();
    run(element, env);
  };

/**
 * Busy at once, then the payment code loads and gets the event. A chunk that fails to load
 * reloads the page (navigation.ts); if it may not, the button is released.
 */
function sellProduct(element: HTMLElement, env: ActionEnv): void {
  const productId = (element.dataset.productId ?? '').trim();
  if (productId === '' || isBusy(element)) return;
  setBusy(element, env.context.messages.loading);
  const release = () => clearBusy(element);
  const followUp = (action: string) => {
    if (isActionName(action) && action !== 'sell-product') ACTION_HANDLERS[action](element, new MouseEvent('click', { cancelable: true }), env);
  };
  const detail: SellProductDetail = { productId, element, release, followUp };
  void whenLoaded(import('./sell-product'), () => element.dispatchEvent(new CustomEvent(SELL_PRODUCT_EVENT, { bubbles: true, detail })), release);
}

function goToMembership(_element: HTMLElement, env: ActionEnv): void {
  void whenLoaded(import('./membership-link'), (loaded) => loaded.goToMembership(env.context, env.win));
}

/** The handler of every action. */
export const ACTION_HANDLERS: Record<ActionName, ActionHandler> = {
  'go-to-next-funnel-step': stepLink,
  'go-to-funnel-step': stepLink,
  url: plainLink,
  'click-to-call': plainLink,
  'click-to-sms': plainLink,
  mailto: plainLink,
  openPopup: inPage((element, env) => env.popups?.(element.dataset.popupId ?? '')),
  'hide-element': inPage((element, env) => setElementsVisible(env.doc, idList(element.dataset.hideElements), false)),
  'scroll-to-element': inPage((element, env) => {
    void whenLoaded(import('./scroll-to'), (loaded) => loaded.scrollToTarget(element, env));
  }),
  'sell-product': inPage(sellProduct),
  'go-to-membership': inPage(goToMembership),
  none: (element, event) => {
    if (element.getAttribute('href') === '#' || element.tagName !== 'A') event.preventDefault();
  },
};

/** Runs the action of a clicked element; an unknown action is logged and does nothing. */
export function runAction(element: HTMLElement, event: MouseEvent, env: ActionEnv): void {
  const name = element.dataset.action ?? '';
  if (!isActionName(name)) {
    console.log('Unknown button action:', name);
    return;
  }
  ACTION_HANDLERS[name](element, event, env);
}

/** Rewrites every funnel-step link to carry the page's query string (so hover and new tabs see it too). */
export function carryQueryToStepLinks(doc: Document, search: string): void {
  const links = doc.querySelectorAll<HTMLAnchorElement>(STEP_LINK_SELECTOR);
  for (const link of Array.from(links)) {
    const href = link.getAttribute('href') ?? '#';
    if (href !== '#') link.setAttribute('href', carryQuery(href, search));
  }
}
