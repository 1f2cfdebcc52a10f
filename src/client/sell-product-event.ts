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
  /** Ends the button's busy state (the payment code calls it when the sale did not redirect). */
  release: () => void;
}
