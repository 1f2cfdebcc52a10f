/*
 * Feature code a page loads only when its markup has the feature: popups (with exit intent)
 * and the menus' phone toggle. Each is a chunk of its own, imported as the runtime starts,
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

/** Wires the menus' phone toggle when the page has a menu. */
export function loadNavMenus(doc: Document, wait: Promise<unknown>[]): void {
  if (!doc.querySelector('[data-nav-toggle]')) return;
  wait.push(import('./nav-menu').then((module) => module?.startNavMenus(doc)));
}
