/*
 * The membership area (requirements ROUTES-9): a go-to-membership button opens
 * `{previewUrl}/library?token=…&location_id=…`. `previewUrl` is the location's membership
 * site (its `membershipUrl`, or the funnel's), which get_page answers as the seed's funnel
 * state; a site path (`/demo/members`) names a page of the page's own site. The token is
 * stored per location in a cookie (one year, path /) and in local storage under the same
 * name; the payment code stores it after a sale with `membershipCookieName`, the page
 * runtime reads it back here. A visitor without a token (no purchase yet) opens the library
 * without one, where the membership site asks them to sign in.
 */
import { httpUrl, isSitePath } from '../http-url';

/** Cookie and local-storage name of a location's membership token. */
export function membershipCookieName(locationId: string): string {
  return `membership_${locationId}`;
}

/** The token: the cookie first, local storage second; null when neither holds one. */
export function membershipToken(cookieValue: string | null, storedValue: string | null): string | null {
  for (const value of [cookieValue, storedValue]) {
    const token = (value ?? '').trim();
    if (token !== '' && token !== 'undefined' && token !== 'null') return token;
  }
  return null;
}

/** Where the membership area lives and for whom. */
export interface MembershipTarget {
  previewUrl: string;
  locationId: string;
  /** The visitor's token; null when they have none yet. */
  token: string | null;
  /** The page's own origin, against which a site-path `previewUrl` is resolved. */
  origin: string;
  /** Set on the local-development host, which also needs the domain. */
  localDomain?: string;
}

/** The library URL, or null when the preview URL is missing or neither http(s) nor a site path. */
export function membershipUrl(target: MembershipTarget): string | null {
  const written = target.previewUrl.trim();
  const base = httpUrl(written, isSitePath(written) ? target.origin : undefined);
  if (!base || target.locationId === '') return null;
  const query = new URLSearchParams();
  if (target.localDomain) query.set('domain', target.localDomain);
  if (target.token) query.set('token', target.token);
  query.set('location_id', target.locationId);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/library`;
  base.search = query.toString();
  base.hash = '';
  return base.toString();
}

/** True on the local-development host (the library path then carries the domain). */
export function isLocalDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
}
