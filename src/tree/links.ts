/**
 * Where links on a page point. Everything here is pure so buttons, menus, maps and images
 * agree, and so a page links correctly with JavaScript off (seed 000 §2, §5):
 * - a link without a protocol gets `https://`; `#`, `tel:`, `sms:`, `mailto:` and
 *   root-relative paths are kept; any other scheme (javascript:, data:, …) is refused;
 * - the visitor's query string is carried to the next step unless the target has its own.
 */
import type { PageDocument } from '../schemas/page';

const KEPT_PREFIX = /^(#|tel:|sms:|mailto:)/i;
const HTTP = /^https?:\/\//i;
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/** A safe href for a seller-entered link, or null when there is none or it is refused. */
export function normalizeLink(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const url = raw.trim();
  if (url === '' || url === '#') return url === '#' ? '#' : null;
  if (KEPT_PREFIX.test(url) || HTTP.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return url;
  if (OTHER_SCHEME.test(url)) return null;
  return `https://${url}`;
}

/** Adds the visitor's query string to `href` when `href` has none of its own (and is not an anchor). */
export function carryQuery(href: string, query: string): string {
  const q = query.replace(/^\?/, '');
  if (q === '' || href.startsWith('#') || href.includes('?')) return href;
  const hash = href.indexOf('#');
  return hash === -1 ? `${href}?${q}` : `${href.slice(0, hash)}?${q}${href.slice(hash)}`;
}

/** A phone number reduced to what tel:/sms: links take (digits, leading +, separators dropped). */
export function phoneHref(scheme: 'tel' | 'sms', phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const digits = phone.trim().replace(/[^\d+*#]/g, '').replace(/(?!^)\+/g, '');
  return digits === '' || digits === '+' ? null : `${scheme}:${digits}`;
}

/** The URL of a funnel step by its id (or its path), from the funnel page state. */
export function stepUrl(doc: Pick<PageDocument, 'funnelSteps'>, stepRef: unknown): string | null {
  if (typeof stepRef !== 'string' || stepRef.trim() === '') return null;
  const ref = stepRef.trim();
  const step = doc.funnelSteps?.find((s) => s.id === ref || s.url === ref);
  const url = step?.url ?? (ref.startsWith('/') ? ref : undefined);
  return url ? normalizeLink(url) : null;
}

/** The next step's URL with the query string carried along, or null when the page has no next step. */
export function nextStepUrl(doc: Pick<PageDocument, 'funnelNextStep'>, query: string): string | null {
  const next = normalizeLink(doc.funnelNextStep ?? '');
  return next && next !== '#' ? carryQuery(next, query) : null;
}

/** An element id usable as a fragment (`#id`), or null. */
export function anchorHref(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const clean = id.trim().replace(/^#/, '');
  return /^[A-Za-z][\w:.-]*$/.test(clean) ? `#${clean}` : null;
}
