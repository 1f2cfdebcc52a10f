/*
 * Focus inside an open popup: the focusable elements of a container and where Tab goes next,
 * so focus cycles within the dialog.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The visible, focusable elements inside `container`, in document order. */
export function focusableIn(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden]') && element.getClientRects().length > 0,
  );
}

/**
 * Index that Tab (or Shift+Tab) should move to, or null to let the browser move focus:
 * it wraps from the last element to the first and back, and pulls focus from outside in.
 */
export function trappedIndex(count: number, current: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}
