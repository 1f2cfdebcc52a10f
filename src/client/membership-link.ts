/*
 * The go-to-membership action: opens the location's membership area with the visitor's
 * token (the server's, else the cookie's or local storage's; none for a visitor who has
 * not bought yet); when the location has no membership site, the visitor is told. Loaded
 * with the first click on such a link.
 */
import { isLocalDevelopmentHost, membershipCookieName, membershipToken, membershipUrl } from '../lib/tracking/membership';
import type { FunnelContext } from './context';
import { getCookie } from './cookie-jar';

/** Opens the membership area, or alerts the page's message. */
export function goToMembership(context: FunnelContext, win: Window): void {
  try {
    const name = membershipCookieName(context.locationId);
    const token = membershipToken(context.membership.token, null) ?? membershipToken(getCookie(name), win.localStorage.getItem(name));
    const hostname = win.location.hostname;
    const url = membershipUrl({
      previewUrl: context.previewUrl,
      locationId: context.locationId,
      token,
      origin: win.location.origin,
      localDomain: isLocalDevelopmentHost(hostname) ? context.domain || hostname : undefined,
    });
    if (!url) throw new Error('membership area unavailable');
    win.location.assign(url);
  } catch (error) {
    console.error('go-to-membership failed', error);
    win.alert(context.messages.membershipError);
  }
}
