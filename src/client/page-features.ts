/*
 * Feature code a page loads only when it has the feature: popups (with exit intent
 * and closing on navigation), the menus' phone toggle, scroll-to-element buttons, the
 * visitor's contact and appointment merge fields, and
 * Chrome's hash re-apply when the address has a hash. Each is a chunk of its own, imported
 * as the runtime starts, so a page without them pays nothing. A chunk that fails to load
 * reloads the page (lazy.ts, navigation.ts).
 *
 * Each import starts in a task of its own (idle.ts nextTask): starting a module load costs
 * the main thread 1-4 ms each on a desktop, and done together with the rest of the runtime's
 * start they made it one task long enough to delay a phone's response to input. What a click
 * needs at once (the popup opener, the menus' early clicks) is in place before.
 */
import { nextTask } from './idle';
import { whenLoaded } from './lazy';
import { isChrome } from './navigation';
import type { StartedPopups } from './popups';

/** The popup containers of popup-markup.ts. */
const POPUP_SELECTOR = '[data-popup]';

/** Opens a popup by id. */
export type PopupOpener = (id: string) => void;

/**
 * Starts the page's popups when it has any, and gives what opens one (null without popups):
 * an open asked for before the code has loaded happens when it has.
 */
export function loadPopups(doc: Document, win: Window, wait: Promise<unknown>[]): PopupOpener | null {
  if (!doc.querySelector(POPUP_SELECTOR)) return null;
  let loaded: StartedPopups | null = null;
  const ready = inTaskOfItsOwn(win, () =>
    whenLoaded(import('./popups'), (module) => {
      loaded = module.startPopups(doc, win);
    }),
  );
  wait.push(ready);
  // Registered before the page's action handler: a link click that handler then prevents still closes the popup.
  doc.addEventListener('click', (event) => loaded?.closeOnNavigation(event));
  return (id) => {
    if (loaded) loaded.popups.open(id);
    else void ready.then(() => loaded?.popups.open(id));
  };
}

/** Starts `load` in a task of its own; settles as what it gives settles. */
function inTaskOfItsOwn(win: Window, load: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => nextTask(win, () => resolve(load())));
}

/** Fills the page's contact and appointment merge fields from this visitor's data (merge-fill.ts), only when it has any. */
export function loadMergeFields(doc: Document, win: Window, locationId: string, wait: Promise<unknown>[]): void {
  if (!doc.querySelector('[data-merge-field]')) return;
  wait.push(inTaskOfItsOwn(win, () => whenLoaded(import('./merge-fill'), (module) => module.fillVisitorMergeFields(doc, win, locationId))));
}

/** Re-applies the address's hash in Chrome (hash-reapply.ts), only when there is one. */
export function loadHashReapply(doc: Document, win: Window): void {
  if (win.location.hash.length > 1 && isChrome(win.navigator.userAgent)) {
    void inTaskOfItsOwn(win, () => whenLoaded(import('./hash-reapply'), (module) => module.reapplyHashInChrome(doc, win)));
  }
}

/** Loads the scrolling code with a page that has a scroll-to-element button (its click needs no wait). */
export function loadScrolling(doc: Document, win: Window, wait: Promise<unknown>[]): void {
  if (doc.querySelector('[data-action="scroll-to-element"]')) wait.push(inTaskOfItsOwn(win, () => whenLoaded(import('./scroll-to'), () => {})));
}

/** Wires the menus' phone toggle when the page has a menu; a toggle clicked before that is replayed. */
export function loadNavMenus(doc: Document, win: Window, wait: Promise<unknown>[]): void {
  if (!doc.querySelector('[data-nav-toggle], [data-nav-sub]')) return;
  const early: HTMLElement[] = [];
  const remember = (event: MouseEvent) => {
    const toggle = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-nav-toggle], [data-nav-sub]') : null;
    if (toggle) early.push(toggle);
  };
  doc.addEventListener('click', remember);
  const ready = inTaskOfItsOwn(win, () => whenLoaded(import('./nav-menu'), (module) => module.startNavMenus(doc)));
  wait.push(
    ready.then(() => {
      doc.removeEventListener('click', remember);
      for (const toggle of early) toggle.click();
    }),
  );
}
