/*
 * The busy state of a button or link after a click that leaves the page or waits for a
 * payment (requirements PAGE-STATES): disabled, aria-busy, and a 30 px spinner (requirements PAGE-LIMITS).
 */

/** Class of the spinner element the runtime inserts. */
export const SPINNER_CLASS = 'ef-spinner';

/** True while the element is busy. */
export function isBusy(element: Element): boolean {
  return element.getAttribute('aria-busy') === 'true';
}

/** Disables the element and shows the spinner; `label` names the busy state for screen readers. */
export function setBusy(element: HTMLElement, label: string): void {
  if (isBusy(element)) return;
  element.setAttribute('aria-busy', 'true');
  element.setAttribute('aria-disabled', 'true');
  element.dataset.busy = 'true';
  if (element instanceof HTMLButtonElement) element.disabled = true;
  const spinner = element.ownerDocument.createElement('span');
  spinner.className = SPINNER_CLASS;
  spinner.setAttribute('role', 'status');
  spinner.setAttribute('aria-label', label);
  element.appendChild(spinner);
}

/** Ends the busy state. */
export function clearBusy(element: HTMLElement): void {
  element.removeAttribute('aria-busy');
  element.removeAttribute('aria-disabled');
  delete element.dataset.busy;
  if (element instanceof HTMLButtonElement) element.disabled = false;
  for (const spinner of Array.from(element.querySelectorAll(`:scope > .${SPINNER_CLASS}`))) spinner.remove();
}

/** Ends the spinner of a finished sale that did not leave the page; the element stays disabled (requirements PAGE-STATES-1). */
export function settleBusy(element: HTMLElement): void {
  element.removeAttribute('aria-busy');
  for (const spinner of Array.from(element.querySelectorAll(`:scope > .${SPINNER_CLASS}`))) spinner.remove();
}
