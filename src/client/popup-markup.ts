/*
 * How popups appear in the page (src/layouts/funnel-page.astro renders them):
 *   <div data-popup="popup_1" hidden><div data-popup-dialog>…<button data-popup-close>…
 * The container may carry `data-exit-intent`.
 */

/** The container of popup `id`, or null. */
export function findPopup(doc: Document, id: string): HTMLElement | null {
  if (id === '') return null;
  const value = CSS.escape(id);
  return doc.querySelector<HTMLElement>(`[data-popup="${value}"]`);
}

/** The id of a popup container. */
export function popupIdOf(container: HTMLElement): string {
  return container.dataset.popup ?? '';
}

/** Ids of the popups that open on exit intent, in page order. */
export function exitIntentPopupIds(doc: Document): string[] {
  const containers = doc.querySelectorAll<HTMLElement>('[data-popup][data-exit-intent]');
  return Array.from(containers)
    .filter((container) => container.dataset.exitIntent !== 'false')
    .map(popupIdOf);
}

/** The element that is the dialog itself (gets role=dialog and focus). */
export function dialogOf(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-popup-dialog]') ?? container;
}

/** True when a click on the popup container landed on its overlay (outside the dialog box). */
export function isOverlayClick(container: HTMLElement, event: MouseEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  return target.hasAttribute('data-popup-overlay') || target === container;
}

/** The close control a click landed on, if any. */
export function closeControlOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('[data-popup-close]') : null;
}
