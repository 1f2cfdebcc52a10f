/*
 * Link targets of published pages.
 *
 * Sellers type link targets by hand ("example.com/offer", "tel:+1555…", "#faq"). Before a
 * target reaches an `href` or a redirect it is normalised here: a target without a protocol
 * gets `https://`, except anchors and the tel:/sms:/mailto: schemes (requirements OPTIN-RULES), and only
 * http(s), tel, sms, mailto, anchors and site-relative paths survive; anything else
 * (javascript:, data:, vbscript:, …) becomes '#'. Funnel navigation also carries the current
 * query string to the next step (requirements ROUTES), where the target's own keys win. A
 * redirect after a submission or booking first has its merge fields filled in
 * (fillMergeUrl, src/lib/merge-fields.ts).
 */

import { httpUrl } from './http-url';
import { KEEP_AS_IS } from './query-carry';

export { carryQuery, isPageLink } from './query-carry';

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
 * The redirect target of an expired timer or a submission: `null` when the seller left it
 * empty or '#'; `https://` added when missing; only URLs that parse as http(s) with a host
 * are followed.
 */
export function redirectTarget(raw: string | null | undefined): string | null {
  const target = (raw ?? '').trim();
  if (target === '' || target === '#') return null;
  const link = normaliseLink(target);
  return httpUrl(link) ? link : null;
}
