/*
 * How popups appear in the page. Two shapes are accepted, so either renderer output works:
 *   <div data-popup="popup_1" hidden><div data-popup-dialog>…<button data-popup-close>…
 *   <dialog data-popup-id="popup_1">…<button class="ef-popup-close">…</dialog>
 * Both may carry `data-exit-intent`.
 */

/** The container of popup `id`, or null. */
export function findPopup(doc: Document, id: string): HTMLElement | null {
  if (id === '') return null;
  const value = CSS.escape(id);
  return doc.querySelector<HTMLElement>(`[data-popup="${value}"], dialog[data-popup-id="${value}"]`);
}

/** The id of a popup container. */
export function popupIdOf(container: HTMLElement): string {
  return container.dataset.popup ?? container.dataset.popupId ?? '';
}

/** Ids of the popups that open on exit intent, in page order. */
export function exitIntentPopupIds(doc: Document): string[] {
  const containers = doc.querySelectorAll<HTMLElement>('[data-popup][data-exit-intent], dialog[data-popup-id][data-exit-intent]');
  return Array.from(containers)
    .filter((container) => container.dataset.exitIntent !== 'false')
    .map(popupIdOf);
}

/** The element that is the dialog itself (gets role=dialog and focus). */
export function dialogOf(container: HTMLElement): HTMLElement {
  if (container instanceof HTMLDialogElement) return container;
  return container.querySelector<HTMLElement>('[data-popup-dialog]') ?? container;
}

/** True when a click on the popup container landed on its overlay (outside the dialog box). */
export function isOverlayClick(container: HTMLElement, event: MouseEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.hasAttribute('data-popup-overlay')) return true;
  if (target !== container) return false;
  if (!(container instanceof HTMLDialogElement)) return true;
  // A click on a modal dialog's backdrop targets the dialog itself, outside its box.
  const box = container.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/** The close control a click landed on, if any. */
export function closeControlOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('[data-popup-close], .ef-popup-close') : null;
}
