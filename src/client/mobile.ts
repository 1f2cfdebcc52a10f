/*
 * The mobile flag (requirements PAGE-STATES, PAGE-LIMITS): a visitor on a screen of at most 767 px wide gets
 * `data-mobile` on <html>, kept in step when the window is resized or rotated.
 */

/** The media query of the mobile flag. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** Sets and maintains `data-mobile` on the root element. */
export function flagMobile(doc: Document, win: Window): void {
  if (!win.matchMedia) return;
  const query = win.matchMedia(MOBILE_QUERY);
  const apply = () => doc.documentElement.toggleAttribute('data-mobile', query.matches);
  apply();
  query.addEventListener('change', apply);
}
