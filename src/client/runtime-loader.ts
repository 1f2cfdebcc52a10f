/*
 * Starts the page runtime (./page-runtime.ts) once the page has loaded and the browser is
 * idle, or at the visitor's first use of the page, whichever comes first. Bundled into one
 * classic script (astro.config.mjs, `inline-script:`) at the end of every page's <body>.
 *
 * Nothing the runtime does is needed for the first paint: the server render shows the page,
 * the timers' inline script draws and counts them, links and forms work as plain HTML. A
 * module script requested with the HTML competes with the hero image and fonts for the first
 * connection's bandwidth and the main thread, and Lighthouse counts it on the LCP path
 * (issue 8); started after load it costs the first view nothing.
 *
 * The runtime's URL is read from its module script, which the layout keeps in a <template>
 * (the browser neither fetches nor runs it there), so Astro still builds and names it.
 *
 * A click the runtime would handle (a button's action, a link that carries the query to the
 * next step, the menus' phone toggle) made before it has started is held, and sent again
 * once it has; if the runtime cannot load, the click is let through as a plain click. Plain
 * links (other pages, url, call and sms actions) are never held, and a modified or secondary
 * click keeps the browser's meaning. Islands handle their own clicks.
 */
import { isPlainClick, replayClick } from './held-click';
import { whenIdle } from './idle';

/** What the runtime handles on a click: every action but the plain links (src/client/actions.ts), and the menus' toggle. */
const RUNTIME_TARGETS = '[data-action]:not([data-action="url"], [data-action="click-to-call"], [data-action="click-to-sms"]), [data-nav-toggle]';
/** What tells the visitor is using the page: start at once. */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;
/** The latest the runtime starts after this script, on a page whose load is slow (images). */
const LATEST_START_MS = 2500;

function startRuntimeLoader(doc: Document, win: Window): void {
  const template = doc.getElementById('ef-runtime');
  const src = template instanceof HTMLTemplateElement ? template.content.querySelector('script')?.src : undefined;
  if (!src) return;
  let started = false;
  let held: Element | null = null;
  const wakeOptions = { capture: true, passive: true } as const;

  const replay = () => {
    doc.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    replayClick(target);
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) doc.removeEventListener(type, start, wakeOptions);
    // The runtime starts itself when its module runs; a chunk that fails lets the held click through.
    import(/* @vite-ignore */ src).then(replay, replay);
  };

  function hold(event: MouseEvent) {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    if (!event.target.closest(RUNTIME_TARGETS) || event.target.closest('astro-island')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
    start();
  }

  doc.addEventListener('click', hold, true);
  for (const type of WAKE_EVENTS) doc.addEventListener(type, start, wakeOptions);
  const afterLoad = () => whenIdle(win, start);
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  win.setTimeout(start, LATEST_START_MS);
}

startRuntimeLoader(document, window);
