/*
 * The page's timers, settled before the first paint and counted from then on: this file is
 * bundled into one classic script (astro.config.mjs, `inline-script:`) that the page layout
 * puts at the end of <body> on pages with a timer. A returning visitor's hidden minute timer,
 * a timer whose end has passed since the edge copy was made, the elements they hide and show,
 * and the first figures are in place when the page first paints, so nothing moves; an
 * expired timer's redirect leaves before the page shows (./timer-state.ts). The timers then
 * tick from here (./timers.ts, a few hundred bytes), not from the page runtime, which starts
 * only after load (./runtime-loader.ts).
 */
import { settleTimers } from './timer-state';
import { startTimers } from './timers';

settleTimers(document, Date.now(), (url) => window.location.assign(url));
startTimers(document, window);
