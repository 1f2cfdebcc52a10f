/* Running work when the browser is idle, where it can tell (requestIdleCallback), or a second later. */

/** Runs `work` once the page is idle. */
export function whenIdle(win: Window, work: () => void): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => work());
  else win.setTimeout(work, 1000);
}
