/*
 * The membership area (requirements ROUTES): a go-to-membership button opens
 * `{previewUrl}/library?token=…&location_id=…`. The token is stored per location in a cookie
 * (one year, path /) and in local storage under the same name; the payment code stores it
 * after a sale with `membershipCookieName`, the page runtime reads it back here.
 */
import { isHttpUrl } from '../http-url';

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
  token: string;
  /** Set on the local-development host, which also needs the domain. */
  localDomain?: string;
}

/** The library URL, or null when the preview URL is missing or not http(s). */
export function membershipUrl(target: MembershipTarget): string | null {
  const base = target.previewUrl.trim().replace(/\/+$/, '');
  if (!isHttpUrl(base) || target.locationId === '') return null;
  const query = new URLSearchParams();
  if (target.localDomain) query.set('domain', target.localDomain);
  query.set('token', target.token);
  query.set('location_id', target.locationId);
  return `${base}/library?${query.toString()}`;
}

/** True on the local-development host (the library path then carries the domain). */
export function isLocalDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
}
