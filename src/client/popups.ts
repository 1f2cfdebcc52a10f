/*
 * Popups of a page (seed 000 §2, §4): containers `[data-popup="<id>"]`, hidden until opened.
 * Opening fades in over 0.5 s, marks the dialog modal, moves focus inside and keeps it there;
 * the close button, a click on the overlay and Escape close it, and focus goes back to where
 * it was. Closing dispatches `popup:close` on the container (a video inside stops on it).
 */
import { focusableIn, trappedIndex } from './focus';

/** Fade duration of popups in ms (seed 000 §9). */
export const POPUP_FADE_MS = 500;

/** Opens and closes the page's popups; one is open at a time. */
export interface PopupController {
  open(id: string): boolean;
  close(): void;
  isOpen(): boolean;
  /** Ids of popups that open on exit intent. */
  exitIntentIds(): string[];
}

function dialogOf(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-popup-dialog]') ?? container;
}

/** The popup controller of a document. */
export function createPopups(doc: Document): PopupController {
  let current: HTMLElement | null = null;
  let returnFocus: HTMLElement | null = null;
  const reducedMotion = () => doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

  const onKeydown = (event: KeyboardEvent) => {
    if (!current) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogOf(current);
    const focusables = focusableIn(dialog);
    const active = doc.activeElement as HTMLElement | null;
    const index = active ? focusables.indexOf(active) : -1;
    const next = trappedIndex(focusables.length, index, event.shiftKey);
    if (focusables.length === 0) {
      event.preventDefault();
      dialog.focus();
    } else if (next !== null) {
      event.preventDefault();
      focusables[next]!.focus();
    }
  };

  const onClick = (event: MouseEvent) => {
    if (!current || !(event.target instanceof Element)) return;
    const overlayClick = event.target === current || event.target.hasAttribute('data-popup-overlay');
    if (overlayClick || event.target.closest('[data-popup-close]')) {
      event.preventDefault();
      close();
    }
  };

  function open(id: string): boolean {
    const container = doc.querySelector<HTMLElement>(`[data-popup="${CSS.escape(id)}"]`);
    if (!container) return false;
    if (current === container) return true;
    if (current) close();
    returnFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    const dialog = dialogOf(container);
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
    container.hidden = false;
    container.removeAttribute('aria-hidden');
    // Let the hidden → shown change paint before the class starts the opacity transition.
    void container.offsetWidth;
    container.classList.add('ef-popup--open');
    current = container;
    doc.documentElement.classList.add('ef-popup-active');
    doc.addEventListener('keydown', onKeydown, true);
    container.addEventListener('click', onClick);
    (focusableIn(dialog)[0] ?? dialog).focus({ preventScroll: true });
    return true;
  }

  function close(): void {
    const container = current;
    if (!container) return;
    current = null;
    container.classList.remove('ef-popup--open');
    doc.documentElement.classList.remove('ef-popup-active');
    doc.removeEventListener('keydown', onKeydown, true);
    container.removeEventListener('click', onClick);
    const hide = () => {
      if (current !== container) container.hidden = true;
    };
    if (reducedMotion()) hide();
    else setTimeout(hide, POPUP_FADE_MS);
    container.dispatchEvent(new CustomEvent('popup:close', { bubbles: true, detail: { id: container.dataset.popup } }));
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    returnFocus = null;
  }

  return {
    open,
    close,
    isOpen: () => current !== null,
    exitIntentIds: () =>
      Array.from(doc.querySelectorAll<HTMLElement>('[data-popup][data-exit-intent]')).map((el) => el.dataset.popup ?? ''),
  };
}
