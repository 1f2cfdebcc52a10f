/**
 * The click settings shared by buttons and image/svg actions (requirements PAGE-DATA, requirements DOC-LAYOUT):
 * action, visitWebsite, stepPath, scrollToElement, phoneNumber, popupId, hideElements,
 * productId, saleAction. Their markup comes from src/tree/actions.ts (actionMarkup).
 */
import * as v from 'valibot';
import { flag, idList, str } from './common';

export const actionFields = {
  action: str('none'),
  visitWebsite: v.optional(v.looseObject({ url: str(), newTab: flag() }), { url: '', newTab: false }),
  stepPath: str(),
  scrollToElement: str(),
  phoneNumber: str(),
  emailAddress: str(),
  popupId: str(),
  hideElements: idList,
  productId: v.optional(v.looseObject({ id: str() }), { id: '' }),
  saleAction: str(),
};

/** An image's or svg's `imageActions`: `{ type, …the button's fields }`. */
export const imageActions = v.optional(v.looseObject({ type: str('none'), ...actionFields }), {});
