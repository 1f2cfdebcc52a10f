/**
 * What follows a paid order in the browser, for the order form and the payment button
 * alike (docs/contracts/islands.md §2): the membership token is kept (cookie and local
 * storage, one year), the pixel event is tracked, and the visitor is sent on, or the sale's
 * in-page action runs. When the sale should redirect and cannot, the seed's post-sale alert
 * tells them the order is placed.
 */
import { ONE_YEAR_SECONDS } from '../../lib/tracking/fingerprint';
import { membershipCookieName } from '../../lib/tracking/membership';
import type { PayAnswer } from '../../schemas/calls/payments-routes';
import { setCookie } from '../cookie-jar';
import { trackPixelEvent } from '../pixel';

/** True when the visitor is being redirected; false after the post-sale alert. */
export function completeSale(
  win: Window,
  sale: {
    answer: PayAnswer;
    locationId: string;
    pixelEvent: 'OrderFormPurchase' | 'Upsell';
    target: string | null;
    postSaleMessage: string;
    /** The sale's in-page action, when it has one instead of a redirect. */
    followUp?: () => void;
  },
): boolean {
  const token = sale.answer.mmLogs[0]?.token;
  if (token && sale.locationId) {
    const name = membershipCookieName(sale.locationId);
    setCookie(name, token, ONE_YEAR_SECONDS);
    try {
      win.localStorage.setItem(name, token);
    } catch {
      // Storage may be blocked; the cookie still holds the token.
    }
  }
  trackPixelEvent(win, sale.pixelEvent);
  if (sale.target) {
    win.location.assign(sale.target);
    return true;
  }
  if (sale.followUp) sale.followUp();
  else win.alert(sale.postSaleMessage);
  return false;
}
