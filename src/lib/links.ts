/*
 * Link targets of published pages.
 *
 * Sellers type link targets by hand ("example.com/offer", "tel:+1555…", "#faq"). Before a
 * target reaches an `href` or a redirect it is normalised here: a target without a protocol
 * gets `https://`, except anchors and the tel:/sms:/mailto: schemes (requirements OPTIN-RULES), and only
 * http(s), tel, sms, mailto, anchors and site-relative paths survive; anything else
 * (javascript:, data:, vbscript:, …) becomes '#'. Funnel navigation also carries the current
 * query string to the next step (requirements ROUTES), where the target's own keys win.
 */

const KEEP_AS_IS = /^(#|tel:|sms:|mailto:)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'tel', 'sms', 'mailto']);
const RELATIVE = /^(\/(?!\/)|\.\.?\/|\?)/;
// Control characters and whitespace inside a scheme are ignored by browsers ("java\tscript:").
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f]/g;

/** The safe form of a link target: '#' for an empty or unsafe target, https:// added when no protocol. */
export function normaliseLink(raw: string | null | undefined): string {
  const target = (raw ?? '').trim();
  if (target === '') return '#';
  if (KEEP_AS_IS.test(target)) return target;
  if (RELATIVE.test(target)) return target;
  if (target.startsWith('//')) return `https:${target}`;
  const scheme = SCHEME.exec(target.replace(INVISIBLE, ''));
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    // "localhost:3000/x" or "example.com:8080" parse as a scheme but are hosts with a port.
    if (/^[a-z0-9.-]+:\d+/i.test(target)) return `https://${target}`;
    return SAFE_SCHEMES.has(name) ? target : '#';
  }
  return `https://${target}`;
}

/**
 * The redirect target of an expired timer: `null` when the seller left it empty or '#';
 * `https://` added when missing; only http(s) URLs are followed.
 */
export function redirectTarget(raw: string | null | undefined): string | null {
  const target = (raw ?? '').trim();
  if (target === '' || target === '#') return null;
  const link = normaliseLink(target);
  return /^https?:\/\/[^/\s]/i.test(link) ? link : null;
}

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
