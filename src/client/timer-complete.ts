/*
 * Applying a timer's completion in the page: the timer's element hides, then the expire
 * action runs (redirect, or hide some elements and show others).
 */
import { setElementsVisible } from './visibility';
import type { ExpireAction } from '../lib/timers/expire';

/** Hides the timer: its own root and the renderer's element wrapper (the element with the timer's id). */
export function hideTimer(doc: Document, timerId: string, root: HTMLElement | null): void {
  if (root) root.hidden = true;
  const wrapper = doc.getElementById(timerId);
  if (wrapper && (!root || wrapper.contains(root))) wrapper.hidden = true;
}

/** Runs an expire action; `navigate` performs a redirect (location.assign in the page). */
export function applyExpireAction(doc: Document, action: ExpireAction, navigate: (url: string) => void): void {
  if (action.kind === 'redirect') navigate(action.url);
  else if (action.kind === 'toggle') {
    setElementsVisible(doc, action.hide, false);
    setElementsVisible(doc, action.show, true);
  }
}
