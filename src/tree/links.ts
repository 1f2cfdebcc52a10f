/**
 * Where links on a page point, so buttons, menus, maps and images agree and a page links
 * correctly with JavaScript off (seed 000 §2, §5). The link rules themselves (https:// added,
 * only http(s)/tel/sms/mailto/anchors/relative paths, the query carried to the next step with
 * the target's own keys winning) are src/lib/links.ts, shared with the browser runtime.
 */
import { carryQuery, normaliseLink } from '../lib/links';
import type { PageDocument } from '../schemas/page';

export { carryQuery };

/**
 * A safe href for a seller-entered link (src/lib/links.ts rules), or null when there is
 * none or it is refused, so callers can tell "no link" from the anchor `#`.
 */
export function normalizeLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const link = normaliseLink(raw);
  return link === '#' && raw.trim() !== '#' ? null : link;
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
