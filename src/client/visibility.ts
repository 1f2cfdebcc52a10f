/*
 * Showing and hiding page elements by id, shared by the page runtime (hide-element buttons)
 * and the timer islands (expire and revisit actions). An element is hidden with the `hidden`
 * attribute; the page's CSS makes `[hidden]` win over layout rules (page-runtime.css). Showing
 * also lifts a seller's inline `display: none`, the usual way to keep an element for later.
 */

/** Hides (visible false) or shows (visible true) every element whose id is listed; unknown ids are skipped. */
export function setElementsVisible(doc: Document, ids: readonly string[], visible: boolean): void {
  for (const id of ids) {
    const element = doc.getElementById(id);
    if (!element) continue;
    element.hidden = !visible;
    if (visible) {
      element.classList.remove('ef-hidden');
      // An element the seller hid in its styles (display:none) until a timer shows it.
      if (element.style.display === 'none') element.style.removeProperty('display');
    } else element.classList.add('ef-hidden');
  }
}

/** Element ids from an attribute value separated by commas and/or spaces. */
export function idList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((id) => id.trim().replace(/^#/, ''))
    .filter((id) => id !== '');
}
