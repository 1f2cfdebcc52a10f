/*
 * The scroll-to-element action: the target is the element's data-scroll-to id, else its
 * `#hash` href. The scroll follows the target while the page grows above it, and focus
 * moves to the target (made focusable with tabindex=-1 when it is not), so a keyboard or
 * screen-reader visitor goes on from there.
 */
import type { ActionEnv } from './actions';

/** Scrolls smoothly (at once with reduced motion) to the element's target. */
export function scrollToTarget(element: HTMLElement, env: ActionEnv): void {
  const hash = (element.getAttribute('href') ?? '').startsWith('#') ? element.getAttribute('href')!.slice(1) : '';
  const target = env.doc.getElementById((element.dataset.scrollTo || hash).replace(/^#/, ''));
  if (!target) return;
  const reduce = env.win.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  followLayout(target, env);
}

/** How long a scroll keeps following its target while islands above it load and grow the page. */
const FOLLOW_MS = 2500;

/**
 * Islands hydrate as the scroll passes them (forms, surveys, calendars, order forms) and the
 * page grows under the scroll, so it would stop short of its target. Until the page settles,
 * or the visitor scrolls on their own, each change of the page's height scrolls on to it.
 */
function followLayout(target: HTMLElement, env: ActionEnv): void {
  const Observer = (env.win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
  if (!Observer) return;
  let height = env.doc.documentElement.scrollHeight;
  const observer = new Observer(() => {
    const now = env.doc.documentElement.scrollHeight;
    if (now === height) return;
    height = now;
    target.scrollIntoView({ block: 'start' });
  });
  const stop = () => {
    observer.disconnect();
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) env.win.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) env.win.addEventListener(type, stop, { passive: true });
  observer.observe(env.doc.body);
  env.win.setTimeout(stop, FOLLOW_MS);
}
