/*
 * The page's timers settled before its first paint: this file is bundled into one classic
 * script (astro.config.mjs, `inline-script:`) that the page layout puts at the end of
 * <body> on pages with a timer. A returning visitor's hidden minute timer, a timer whose end
 * has passed since the edge copy was made, the elements they hide and show, and the first
 * figures are in place when the page first paints, so nothing moves; an expired timer's
 * redirect leaves before the page shows. The counting code (./timers.ts) arrives later and
 * goes on from what was settled here (./timer-state.ts).
 */
import { settleTimers } from './timer-state';

settleTimers(document, Date.now(), (url) => window.location.assign(url));
