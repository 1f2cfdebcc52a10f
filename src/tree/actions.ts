/**
 * What a click does: the action types of buttons, image actions and svg actions
 * (seed 000 §3). Actions that are plain navigation become real hrefs so they work without
 * JavaScript; the others (popups, hiding, selling, membership) are rendered as buttons with
 * data attributes for the islands helper to wire. One record, no switch.
 */
import type { PageDocument } from '../schemas/page';
import { anchorHref, carryQuery, nextStepUrl, normalizeLink, phoneHref, stepUrl } from './links';
import type { RenderLog } from './log';

export const ACTION_TYPES = [
  'go-to-next-funnel-step',
  'go-to-funnel-step',
  'url',
  'openPopup',
  'hide-element',
  'scroll-to-element',
  'sell-product',
  'click-to-call',
  'click-to-sms',
  'none',
  'go-to-membership',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The action settings shared by buttons and image actions (page-data.md key names). */
export interface ActionSettings {
  action?: string;
  visitWebsite?: { url?: string; newTab?: boolean };
  stepPath?: string;
  scrollToElement?: string;
  phoneNumber?: string;
  emailAddress?: string;
  popupId?: string;
  hideElements?: string[];
  productId?: { id?: string };
  saleAction?: string;
}

/** A resolved click target: a link (`href`, maybe in a new tab) or a scripted action. */
export type ActionTarget =
  | { kind: 'link'; action: string; href: string; newTab: boolean }
  | { kind: 'script'; action: string; data: Record<string, string> }
  | { kind: 'none' };

interface ActionInput {
  settings: ActionSettings;
  doc: PageDocument;
  query: string;
}

const link = (action: string, href: string | null, newTab = false): ActionTarget | null =>
  href ? { kind: 'link', action, href, newTab } : null;
const script = (action: string, data: Record<string, string | undefined>): ActionTarget => ({
  kind: 'script',
  action,
  data: Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')),
});

const RESOLVERS: Record<ActionType, (input: ActionInput) => ActionTarget | null> = {
  'go-to-next-funnel-step': ({ doc, query }) => link('go-to-next-funnel-step', nextStepUrl(doc, query)),
  'go-to-funnel-step': ({ settings, doc, query }) => {
    const href = stepUrl(doc, settings.stepPath);
    return link('go-to-funnel-step', href && carryQuery(href, query));
  },
  url: ({ settings }) => link('url', normalizeLink(settings.visitWebsite?.url), settings.visitWebsite?.newTab === true),
  'scroll-to-element': ({ settings }) => link('scroll-to-element', anchorHref(settings.scrollToElement)),
  'click-to-call': ({ settings }) => link('click-to-call', phoneHref('tel', settings.phoneNumber)),
  'click-to-sms': ({ settings }) => link('click-to-sms', phoneHref('sms', settings.phoneNumber)),
  openPopup: ({ settings }) => script('openPopup', { popupId: settings.popupId }),
  'hide-element': ({ settings }) => script('hide-element', { hideElements: (settings.hideElements ?? []).join(' ') }),
  'sell-product': ({ settings }) =>
    script('sell-product', { productId: settings.productId?.id, saleAction: settings.saleAction }),
  'go-to-membership': () => script('go-to-membership', {}),
  none: () => ({ kind: 'none' }),
};

function isActionType(action: string): action is ActionType {
  return Object.hasOwn(RESOLVERS, action);
}

/**
 * Resolves an element's action. Unknown actions are logged and do nothing; a step action
 * whose step is missing logs 'Step detail missing' and falls back to `#` (seed 000 §8).
 */
export function resolveAction(input: ActionInput, log: RenderLog, elementId: string): ActionTarget {
  const action = input.settings.action ?? 'none';
  if (!isActionType(action)) {
    log('action.unknown', { elementId, action });
    return { kind: 'none' };
  }
  const target = RESOLVERS[action](input);
  if (target) return target;
  if (action === 'go-to-next-funnel-step' || action === 'go-to-funnel-step') {
    log('action.step-missing', { elementId, action, msg: 'Step detail missing' });
    return { kind: 'link', action, href: '#', newTab: false };
  }
  log('action.target-missing', { elementId, action });
  return { kind: 'none' };
}
