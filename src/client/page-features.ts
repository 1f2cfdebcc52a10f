/*
 * Feature code a page loads only when its markup has the feature: timers, popups (with exit
 * intent), the menus' phone toggle and scroll-to-element buttons. Each is a chunk of its own, imported as the runtime starts,
 * so a page without them pays nothing. A chunk that fails to load reloads the page
 * (navigation.ts).
 */
import type { PopupController } from './popups';

/** The two popup markups of popup-markup.ts. */
const POPUP_SELECTOR = '[data-popup], dialog[data-popup-id]';

/**
 * The page's popups, or null when it has none. The controller answers at once; an open asked
 * for before the code has loaded happens when it has.
 */
export function loadPopups(doc: Document, wait: Promise<unknown>[]): PopupController | null {
  if (!doc.querySelector(POPUP_SELECTOR)) return null;
  let loaded: PopupController | null = null;
  const ready = import('./popups').then((module) => {
    if (!module) return null;
    loaded = module.startPopups(doc);
    return loaded;
  });
  wait.push(ready);
  return {
    open(id) {
      if (loaded) return loaded.open(id);
      void ready.then((popups) => popups?.open(id));
      return true;
    },
    close: () => loaded?.close(),
    isOpen: () => loaded?.isOpen() ?? false,
    exitIntentIds: () => loaded?.exitIntentIds() ?? [],
  };
}

/** Counts the page's timers when it has any (src/elements/countdown/timer-view.astro). */
export function loadTimers(doc: Document, win: Window, wait: Promise<unknown>[]): void {
  if (!doc.querySelector('[data-timer]')) return;
  wait.push(import('./timers').then((module) => module?.startTimers(doc, win)));
}

/** Loads the scrolling code with a page that has a scroll-to-element button (its click needs no wait). */
export function loadScrolling(doc: Document, wait: Promise<unknown>[]): void {
  if (doc.querySelector('[data-action="scroll-to-element"]')) wait.push(import('./scroll-to'));
}

/** Wires the menus' phone toggle when the page has a menu. */
export function loadNavMenus(doc: Document, wait: Promise<unknown>[]): void {
  if (!doc.querySelector('[data-nav-toggle]')) return;
  wait.push(import('./nav-menu').then((module) => module?.startNavMenus(doc)));
}
