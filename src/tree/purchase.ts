/*
 * Whether a page takes a purchase: an element whose definition sells (an order form), or an
 * action that sells (a payment button's `sell-product`, on a button, an image or a menu
 * item). Such a page may be framed by its own site only (`frame-ancestors 'self'`), so no
 * other site can put a purchase under a decoy and have the visitor click it; widget pages
 * stay frameable, because embedding them is what they are for.
 */
import { elementDefinition } from '../elements/registry';

/** The Content-Security-Policy of a page that takes a purchase. */
export const PURCHASE_PAGE_CSP = "frame-ancestors 'self'";

const SELL_ACTION = 'sell-product';

/** Where an action's name is kept: `action` (buttons, menu items), `type` (an image's or svg's `imageActions`). */
const ACTION_KEYS = new Set(['action', 'type']);

/** Whether `value` (an element's settings) names the sell action anywhere within. */
function namesSellAction(value: unknown, depth = 0): boolean {
  if (depth > 8 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => namesSellAction(item, depth + 1));
  return Object.entries(value).some(
    ([key, inner]) => (ACTION_KEYS.has(key) && typeof inner === 'string' && inner.trim() === SELL_ACTION) || namesSellAction(inner, depth + 1),
  );
}

/** Whether a page with these elements (its `elements` as stored, not yet validated) takes a purchase. */
export function takesPurchase(elements: unknown): boolean {
  return (Array.isArray(elements) ? elements : []).some((element) => {
    const { meta, extra } = (element ?? {}) as { meta?: unknown; extra?: unknown };
    return (typeof meta === 'string' && elementDefinition(meta)?.sells === true) || namesSellAction(extra);
  });
}
