/**
 * The event a payment button's click dispatches for the payment code (src/client/sell-product.ts),
 * which loads with the first click (src/client/actions.ts). Its own module, so neither side
 * imports the other.
 */

/** Event the sale buttons dispatch for the payment code: detail {productId, element, release}. */
export const SELL_PRODUCT_EVENT = 'funnel:sell-product';

/** Detail of the funnel:sell-product event. */
export interface SellProductDetail {
  productId: string;
  element: HTMLElement;
  /** Ends the button's busy state (the payment code calls it when the sale failed, or as it redirects). */
  release: () => void;
  /** Runs the button's in-page sale action (openPopup, hide-element, scroll-to-element, go-to-membership, …) after a sale. */
  followUp: (action: string) => void;
}
