/* Running work when the browser is idle, where it can tell (requestIdleCallback), or a second later; after the first paint; and in a task of its own. */

/**
 * Runs `work` in a task of its own, after what is queued. Work a page does as it starts is
 * split this way: a slow phone runs it at a quarter of a desktop's speed, and one task for all
 * of it keeps the main thread from the visitor's input for that long. Tasks run in the order
 * they were queued.
 */
export function nextTask(win: Window, work: () => void): void {
  win.setTimeout(work, 0);
}

/** Runs `work` once the page is idle. */
export function whenIdle(win: Window, work: () => void): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => work());
  else win.setTimeout(work, 1000);
}

/**
 * Runs `work` once the page has shown its first content (the paint timing entry
 * `first-contentful-paint`), or after the next frame where the browser does not report it.
 * A fast load finishes before the first paint, and idle time before it is no sign that the
 * page is shown: what is started then competes with the first paint.
 */
export function afterFirstPaint(win: Window, work: () => void): void {
  const later = () => nextTask(win, work);
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (typeof Observer !== 'function' || !Observer.supportedEntryTypes?.includes('paint')) {
    win.requestAnimationFrame(later);
    return;
  }
  if (win.performance.getEntriesByName('first-contentful-paint').length > 0) {
    later();
    return;
  }
  const observer = new Observer((list: PerformanceObserverEntryList) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint' });
}
