/**
 * What a menu item does, as an action of docs/contracts/islands.md §2 so menus, buttons
 * and images share one markup (`elementAction`): `url` → the url action (new tab kept),
 * `step` / `funnel-step` / `go-to-funnel-step` → go-to-funnel-step with `goToId`, any
 * other `goTo` → that action with the item's settings (openPopup with `popupId`, …);
 * '', `none` and a url item without a URL → a plain label. Pure; one record of kinds, no switch.
 */
import type { MenuItem } from './schema';

/** An item's action name and the settings `actionMarkup` reads, or null for a plain label. */
export type MenuAction = { action: string; extra: Record<string, unknown> } | null;

const toStep = (item: MenuItem): MenuAction => ({ action: 'go-to-funnel-step', extra: { stepPath: item.goToId } });

const KINDS: Record<string, (item: MenuItem) => MenuAction> = {
  // An item without a URL is a label (e.g. the parent of a sub-menu), not a link to '#'.
  url: (item) => (item.url.trim() === '' ? null : { action: 'url', extra: { visitWebsite: { url: item.url, newTab: item.openInNewTab } } }),
  step: toStep,
  'funnel-step': toStep,
  'go-to-funnel-step': toStep,
};

/** The action of a menu item; unknown `goTo` values are passed on as action names. */
export function menuAction(item: MenuItem): MenuAction {
  const kind = Object.hasOwn(KINDS, item.goTo) ? KINDS[item.goTo] : undefined;
  if (kind) return kind(item);
  if (item.goTo === '' || item.goTo === 'none') return null;
  return { action: item.goTo, extra: { ...item, popupId: item.popupId || item.goToId } };
}
