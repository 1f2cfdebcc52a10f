/**
 * `client:interact`: an island whose server render already works (the opt-in form, the
 * order form's contact step, a video's thumbnail) loads React and hydrates only when the
 * visitor is about to use it: a pointer over it or pressed on it, focus or a key inside it.
 * A page nobody touches loads no React at all (issue 8's JavaScript and TBT budgets). The
 * booking calendar and the survey of a funnel page wake the same way.
 *
 * Nothing done before hydration is lost:
 * - text typed and choices made stay in the controls (React keeps a control's current value
 *   when it hydrates) and the island adopts them (src/widgets/form/typed-values.ts);
 * - a click while the code is still loading (a submit, a play button, a checkbox) is held
 *   and dispatched again once React has the island, which hydrates it at once and handles it.
 * If the code cannot load, the held click is let through as a plain click (a form posts
 * without JavaScript) and Astro's own error handling applies.
 *
 * Registered in astro.config.mjs (addClientDirective); typed below.
 */
import type { ClientDirective } from 'astro';
import { holdClicks } from './held-click';
import { nextTask } from './idle';

/** What starts hydration: the visitor is about to use the island. */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interact={…}`: what the cached page cannot show but the browser has. When there is
 * some, the island hydrates as soon as it scrolls into view, so the visitor sees it without
 * touching the island:
 * - prefill: a query parameter, a remembered contact in local storage
 *   (src/widgets/form/initial-values.ts browserPrefill);
 * - `zone`: the time zone the island was rendered in (a booking calendar's free days, in
 *   the zone the edge placed the visitor in), when the browser's own zone is another.
 */
export interface InteractOptions {
  query?: string[];
  storage?: string[];
  zone?: string;
}

/** The browser's zone as its runtime names it; an old alias of the same zone only wakes the island early. */
function otherZone(zone: string | undefined): boolean {
  if (!zone) return false;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone !== zone;
  } catch {
    return true;
  }
}

function browserHasMore(options: InteractOptions): boolean {
  if (otherZone(options.zone)) return true;
  const query = new URLSearchParams(location.search);
  if (options.query?.some((name) => query.has(name))) return true;
  try {
    return options.storage?.some((key) => localStorage.getItem(key) !== null) ?? false;
  } catch {
    return false;
  }
}

const interactDirective: ClientDirective = (load, directive, el) => {
  let started = false;
  const options = { capture: true, passive: true } as const;

  /** A click before React has the island: kept, to be dispatched again once it has (and it wakes the island). */
  const release = holdClicks(el, () => void wake());

  const wake = async () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, options);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      release();
    }
  };

  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, options);

  // The island runtime, which calls this directive, loads after the page (src/client/runtime-loader.ts):
  // a visitor already pointing at the island or in one of its fields is using it.
  if (el.matches(':hover') || el.contains(document.activeElement)) {
    void wake();
    return;
  }

  // Asked in a task of its own: the first use of Intl and of local storage costs the main
  // thread milliseconds, and the island runtime upgrades every island of the page in one task.
  const settings = typeof directive.value === 'object' && directive.value ? (directive.value as InteractOptions) : {};
  nextTask(window, () => {
    if (started || !browserHasMore(settings)) return;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      void wake();
    });
    for (const child of el.children) seen.observe(child);
  });
};

export default interactDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interact'?: boolean | InteractOptions;
  }
}
