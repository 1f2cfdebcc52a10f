/*
 * Funnel navigation carries the current query string to the next step (requirements
 * ROUTES), where the target's own keys win. Apart from links.ts (which re-exports it), so
 * the page runtime loads this without the rest of the link rules.
 */

/**
 * The query parameter of a preview link's token (src/platform/services/preview-links.ts). It
 * opens that one page, so it is never carried: another step's link has its own, and another
 * site must not get it.
 */
export const PREVIEW_TOKEN_PARAM = 'preview_token';

/** The funnel-step links of a page's HTML: the page runtime and the edge carry the query to these. */
export const STEP_LINK_SELECTOR = 'a[data-action="go-to-next-funnel-step"][href], a[data-action="go-to-funnel-step"][href]';

/** Targets kept as typed: anchors and the tel:, sms: and mailto: schemes. */
export const KEEP_AS_IS = /^(#|tel:|sms:|mailto:)/i;

/** True for targets that navigate to another document (not an anchor, phone, sms or mail link). */
export function isPageLink(target: string): boolean {
  return target !== '' && !KEEP_AS_IS.test(target);
}

/**
 * The target with the current query string carried over: keys of `search` are added unless the
 * target already has them. Anchors, tel:, sms: and mailto: targets are returned unchanged.
 */
export function carryQuery(target: string, search: string): string {
  const carried = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  carried.delete(PREVIEW_TOKEN_PARAM);
  if (!isPageLink(target) || [...carried.keys()].length === 0) return target;
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const own = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  const ownKeys = new Set(own.keys());
  for (const [key, value] of carried) {
    if (!ownKeys.has(key)) own.append(key, value);
  }
  const query = own.toString();
  return `${base}${query ? `?${query}` : ''}${hash}`;
}
