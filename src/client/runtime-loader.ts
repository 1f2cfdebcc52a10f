/*
 * Starts the page runtime (./page-runtime.ts) once the page has loaded and painted and the
 * browser is idle, or at the visitor's first use of the page, whichever comes first. Bundled into one
 * classic script (astro.config.mjs, `inline-script:`) at the end of every page's <body>.
 *
 * Nothing the runtime does is needed for the first paint: the server render shows the page,
 * the timers' inline script draws and counts them, links and forms work as plain HTML. A
 * module script requested with the HTML competes with the hero image and fonts for the first
 * connection's bandwidth and the main thread, and Lighthouse counts it on the LCP path
 * (issue 8); started after load it costs the first view nothing.
 *
 * The runtime's URL is read from its module script, which the layout keeps in a <template>
 * (the browser neither fetches nor runs it there), so Astro still builds and names it. Astro's
 * island runtime (src/serving/island-script.ts) waits in the same template on a page with
 * islands and is started with it: requested with the HTML, Lighthouse counted it on the LCP
 * path as well. Islands that hydrate when visible (booking, survey) therefore hydrate once
 * it has loaded; those that hydrate at first use (`client:interact`) listen from then on.
 *
 * A click the runtime would handle (a button's action, a link that carries the query to the
 * next step, the menus' phone toggle) made before it has started is held, and sent again
 * once it has; if the runtime cannot load, the click is let through as a plain click. Plain
 * links (other pages, url, call and sms actions) are never held, and a modified or secondary
 * click keeps the browser's meaning. A click inside a `client:interact` island made before
 * the island runtime has loaded is held the same way, and sent again once it has, when the
 * island's directive holds it in turn while React loads (./interact-directive.ts).
 */
import { arrowChoices, isPlainClick, replayClick } from './held-click';
import { afterFirstPaint, whenIdle } from './idle';

/** What the runtime handles on a click: every action but the plain links (src/client/actions.ts), and the menus' toggle. */
const RUNTIME_TARGETS = '[data-action]:not([data-action="url"], [data-action="click-to-call"], [data-action="click-to-sms"]), [data-nav-toggle]';
/** An island that hydrates at the visitor's first use and has not yet (Astro drops `ssr` when it hydrates). */
const WAITING_ISLAND = 'astro-island[client="interact"][ssr]';
/** What tells the visitor is using the page: start at once. */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;
/** The latest the runtime starts after this script, on a page whose load is slow (images). */
const LATEST_START_MS = 2500;

/** Runs a classic script; settles when it has run or failed. */
function runScript(doc: Document, src: string): Promise<void> {
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.src = src;
    script.onload = script.onerror = () => resolve();
    doc.head.appendChild(script);
  });
}

function startRuntimeLoader(doc: Document, win: Window): void {
  const template = doc.getElementById('ef-runtime');
  const scripts = template instanceof HTMLTemplateElement ? template.content.querySelectorAll('script') : [];
  const runtimeSrc = [...scripts].find((script) => script.type === 'module')?.src;
  const islandSrc = [...scripts].find((script) => script.hasAttribute('data-island-runtime'))?.src;
  if (!runtimeSrc) return;
  let started = false;
  let runtimeSettled = false;
  let islandsSettled = !islandSrc;
  let held: Element | null = null;
  const wakeOptions = { capture: true, passive: true } as const;
  const arrows = arrowChoices(doc);

  /** Sends the held click again once what handles it has loaded (or failed, for a plain click). */
  const settle = () => {
    if (runtimeSettled && islandsSettled) {
      doc.removeEventListener('click', hold, true);
      arrows.stop();
    }
    if (!held || !(held.closest(WAITING_ISLAND) ? islandsSettled : runtimeSettled)) return;
    const target = held;
    held = null;
    replayClick(target);
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) doc.removeEventListener(type, start, wakeOptions);
    // The runtime starts itself when its module runs; a chunk that fails lets the held click through.
    const runtimeDone = () => {
      runtimeSettled = true;
      settle();
    };
    import(/* @vite-ignore */ runtimeSrc).then(runtimeDone, runtimeDone);
    if (islandSrc)
      void runScript(doc, islandSrc).then(() => {
        islandsSettled = true;
        settle();
      });
  };

  function hold(event: MouseEvent) {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    const island = event.target.closest('astro-island');
    const waits = island
      ? island.matches(WAITING_ISLAND) && !islandsSettled && !arrows.isArrowChoice(event)
      : !!event.target.closest(RUNTIME_TARGETS) && !runtimeSettled;
    if (!waits) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
    start();
  }

  doc.addEventListener('click', hold, true);
  for (const type of WAKE_EVENTS) doc.addEventListener(type, start, wakeOptions);
  // Loaded, painted, then idle: on a fast load, the load event comes before the first paint.
  const afterLoad = () => afterFirstPaint(win, () => whenIdle(win, start));
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  win.setTimeout(start, LATEST_START_MS);
}

startRuntimeLoader(document, window);
