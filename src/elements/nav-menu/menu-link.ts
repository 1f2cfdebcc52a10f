/**
 * Where a menu item points: a URL (maybe in a new tab), a funnel step's URL (from `goToId`,
 * with the query string carried), or an action for the islands helper (e.g. openPopup).
 * Pure; one record of kinds, no switch.
 */
import type { PageDocument } from '../../schemas/page';
import { carryQuery, normalizeLink, stepUrl } from '../../tree/links';
import type { MenuItem } from './schema';

export type MenuTarget = { href: string; newTab: boolean } | { action: string; popupId?: string } | null;

const KINDS: Record<string, (item: MenuItem, doc: PageDocument, query: string) => MenuTarget> = {
  url: (item) => {
    const href = normalizeLink(item.url);
    return href ? { href, newTab: item.openInNewTab } : null;
  },
  step: (item, doc, query) => {
    const href = stepUrl(doc, item.goToId);
    return { href: href ? carryQuery(href, query) : '#', newTab: item.openInNewTab };
  },
};
KINDS['funnel-step'] = KINDS.step!;
KINDS['go-to-funnel-step'] = KINDS.step!;

/** The target of a menu item; unknown `goTo` values are treated as scripted actions. */
export function menuTarget(item: MenuItem, doc: PageDocument, query: string): MenuTarget {
  const kind = Object.hasOwn(KINDS, item.goTo) ? KINDS[item.goTo] : undefined;
  if (kind) return kind(item, doc, query);
  if (item.goTo === '' || item.goTo === 'none') return null;
  return { action: item.goTo, popupId: item.popupId || item.goToId || undefined };
}
