/*
 * The page runtime: one small module script per published page, no framework, for the
 * behaviour that spans elements — click actions (data-action), popups and exit intent,
 * navigation rules, the mobile flag, the menus' phone toggle, prefetch and tracking (timers
 * count from their inline settle script, ./timer-settle.ts).
 * Everything it needs from the server comes from the funnel context and data attributes
 * (docs/contracts/islands.md). Code for features a page may lack (popups, menus,
 * scrolling, the payment button, the membership link, the pixel) loads only on pages that
 * have them (page-features.ts), or with the click that uses it (actions.ts).
 * Importing this module starts it once.
 */
import { carryQueryToStepLinks, runAction } from './actions';
import { readFunnelContext } from './context';
import { warmGatedFonts } from './font-cache';
import { whenIdle } from './idle';
import { flagMobile } from './mobile';
import { prefetchNextStep, reloadFromBackForwardCache, reloadOnChunkError } from './navigation';
import { loadHashReapply, loadMergeFields, loadNavMenus, loadPopups, loadScrolling } from './page-features';
import { startTracking } from './tracking';
import { isSpeedTest } from '../lib/tracking/speed-test';

/** Starts every part of the runtime on a document. */
export function startPageRuntime(doc: Document, win: Window): void {
  const root = doc.documentElement;
  if (root.dataset.pageRuntime === 'started') return;
  root.dataset.pageRuntime = 'started';

  reloadOnChunkError(win);
  reloadFromBackForwardCache(win);
  flagMobile(doc, win);
  const context = readFunnelContext(doc);
  // The funnel state's speedTest flag: a page-speed tool's load is not a visit, so nothing of it is tracked.
  if (isSpeedTest(win.navigator.userAgent)) {
    root.dataset.speedTest = '';
    context.notrack = true;
  }
  const features: Promise<unknown>[] = [];
  const popups = loadPopups(doc, win, features);
  const env = { doc, win, context, popups };

  loadNavMenus(doc, win, features);
  loadScrolling(doc, win, features);
  loadMergeFields(doc, win, context.locationId, features);
  doc.addEventListener('click', (event) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const element = event.target.closest<HTMLElement>('[data-action]');
    if (element) runAction(element, event, env);
  });
  carryQueryToStepLinks(doc, win.location.search);

  loadHashReapply(doc, win);
  startTracking(doc, win, context);
  whenIdle(win, () => prefetchNextStep(doc, win, context.nextStepUrl));
  warmGatedFonts(doc, win);
  // Ready once the page's feature code is wired too (a chunk that failed has reloaded the page).
  void Promise.allSettled(features).then(() => {
    root.dataset.pageRuntime = 'ready';
  });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => startPageRuntime(document, window), { once: true });
  } else startPageRuntime(document, window);
}
