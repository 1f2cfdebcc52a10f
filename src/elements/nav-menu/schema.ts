/** A navigation menu: optional logo and headline, a layout, and items with nested `childs`. */
import * as v from 'valibot';
import { baseExtra, flag, str } from '../common';

/** A menu item: goes to a URL, a funnel step (`goToId`) or triggers an action (requirements ROUTES). */
export interface MenuItem {
  id: string;
  title: string;
  goTo: string;
  goToId: string;
  url: string;
  openInNewTab: boolean;
  popupId: string;
  childs: MenuItem[];
}

export const menuItem: v.GenericSchema<unknown, MenuItem> = v.looseObject({
  id: str(),
  title: str(),
  /** `url`, `step` or an action name (openPopup, …). */
  goTo: str('url'),
  goToId: str(),
  url: str(),
  openInNewTab: flag(),
  popupId: str(),
  childs: v.optional(v.array(v.lazy(() => menuItem)), []),
}) as v.GenericSchema<unknown, MenuItem>;

export const extraSchema = v.looseObject({
  ...baseExtra,
  includeLogo: flag(),
  logoUrl: str(),
  includeHeadline: flag(),
  headline: str(),
  /** left, center or right alignment of the items. */
  layout: str('right'),
  menuItems: v.optional(v.array(menuItem), []),
  /** An accessible name for the <nav> landmark. */
  ariaLabel: str(),
});
export type NavMenuExtra = v.InferOutput<typeof extraSchema>;
