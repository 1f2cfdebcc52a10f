/*
 * Popups of a page (requirements ROUTES, PAGE-STATES), in the markup of popup-markup.ts, hidden until
 * opened. Opening fades in over 0.5 s, marks the dialog modal, moves focus inside and keeps
 * it there; the close button, a click on the overlay and Escape close it, and focus goes back
 * to where it was. Closing dispatches `popup:close` on the container (a video inside stops).
 */
import { onExitIntentOnce } from './exit-intent';
import { focusableIn, trappedIndex } from './focus';
import { closeControlOf, dialogOf, exitIntentPopupIds, findPopup, isOverlayClick, popupIdOf } from './popup-markup';

/** Fade duration of popups in ms (requirements PAGE-LIMITS). */
export const POPUP_FADE_MS = 500;

/** Opens and closes the page's popups; one is open at a time. */
export interface PopupController {
  open(id: string): boolean;
  close(): void;
  isOpen(): boolean;
  /** Ids of popups that open on exit intent. */
  exitIntentIds(): string[];
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
    const next = trappedIndex(focusables.length, active ? focusables.indexOf(active) : -1, event.shiftKey);
    if (focusables.length === 0) {
      event.preventDefault();
      dialog.focus();
    } else if (next !== null) {
      event.preventDefault();
      focusables[next]!.focus();
    }
  };

  const onClick = (event: MouseEvent) => {
    if (!current) return;
    if (isOverlayClick(current, event) || closeControlOf(event.target)) {
      event.preventDefault();
      close();
    }
  };

  function open(id: string): boolean {
    const container = findPopup(doc, id);
    if (!container) return false;
    if (current === container) return true;
    if (current) close();
    returnFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    const dialog = dialogOf(container);
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
    container.hidden = false;
    // Let the shown state paint before the class starts the opacity transition.
    void container.offsetWidth;
    container.classList.add('ef-popup--open');
    current = container;
    doc.documentElement.classList.add('ef-popup-active');
    doc.addEventListener('keydown', onKeydown, true);
    container.addEventListener('click', onClick);
    (focusableIn(dialog).find((element) => !closeControlOf(element)) ?? focusableIn(dialog)[0] ?? dialog).focus({
      preventScroll: true,
    });
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
    container.dispatchEvent(new CustomEvent('popup:close', { bubbles: true, detail: { id: popupIdOf(container) } }));
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    returnFocus = null;
  }

  return { open, close, isOpen: () => current !== null, exitIntentIds: () => exitIntentPopupIds(doc) };
}

/** A page's popups once started: the controller, and the check a click runs before the page's actions. */
export interface StartedPopups {
  popups: PopupController;
  /** Closes the open popup when the click follows a link (not '#', tel:, sms:, mailto:) that nothing prevented. */
  closeOnNavigation(event: MouseEvent): void;
}

/** The page's popups: the exit popup opens on the first exit intent; any navigation closes the open one. */
export function startPopups(doc: Document, win: Window): StartedPopups {
  const popups = createPopups(doc);
  const [exitPopup] = popups.exitIntentIds();
  if (exitPopup) onExitIntentOnce(doc, () => popups.open(exitPopup));
  win.addEventListener('popstate', () => popups.close());
  win.addEventListener('hashchange', () => popups.close());
  return {
    popups,
    closeOnNavigation(event) {
      if (!popups.isOpen() || event.defaultPrevented || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      const href = link?.getAttribute('href') ?? '';
      if (link && href !== '#' && !/^(tel:|sms:|mailto:)/i.test(href)) popups.close();
    },
  };
}
