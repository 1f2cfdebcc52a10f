/*
 * Counting the page's timers (requirements PAGE-DATA, PAGE-STATES), part of the inline settle
 * script of pages with a timer (./timer-settle.ts). Each timer's opening state, and the end a
 * running one counts to (`data-timer-end`), were settled before the first paint
 * (./timer-state.ts); this ticks on whole seconds to that end, then hides the timer and runs
 * its expire action.
 */
import { completeTimer, renderTimer } from './timer-state';

/** Starts one timer; `clock` and `navigate` are the window's. */
export function startTimer(
  doc: Document,
  root: HTMLElement,
  clock: () => number,
  navigate: (url: string) => void,
  schedule: (tick: () => void, delay: number) => void,
): void {
  const end = Number(root.dataset.timerEnd);
  if (root.dataset.timerState !== 'running' || !(end > 0)) return;
  const tick = () => {
    const left = end - clock();
    renderTimer(root, left);
    if (left <= 0) completeTimer(doc, root, navigate);
    // The display changes when the time left crosses a whole second.
    else schedule(tick, left % 1000 || 1000);
  };
  tick();
}

/** Starts every timer of the page (once: the script runs once however many timers render it). */
export function startTimers(doc: Document, win: Window): void {
  if (doc.documentElement.dataset.timers === 'started') return;
  doc.documentElement.dataset.timers = 'started';
  const clock = () => Date.now();
  const schedule = (tick: () => void, delay: number) => win.setTimeout(tick, delay);
  for (const root of Array.from(doc.querySelectorAll<HTMLElement>('[data-timer]'))) {
    startTimer(doc, root, clock, (url) => win.location.assign(url), schedule);
  }
}
