/*
 * Applying a timer's completion in the page: the timer's element hides, then the expire
 * action runs (redirect, or hide some elements and show others). When what it hides held
 * the keyboard focus (the buy button), focus moves to the first element it shows, and
 * what it shows is announced in a polite live region, so the expiry is not silent.
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
    const active = doc.activeElement;
    const hadFocus = action.hide.some((id) => doc.getElementById(id)?.contains(active));
    setElementsVisible(doc, action.hide, false);
    setElementsVisible(doc, action.show, true);
    const shown = action.show.map((id) => doc.getElementById(id)).filter((element) => element !== null);
    announce(doc, shown.map((element) => element.textContent?.trim() ?? '').join(' '));
    const first = shown[0];
    if (hadFocus && first) {
      if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
      first.focus();
    }
  }
}

/** Says `text` through the page's polite live region (created on first use, and filled a moment later so it is heard). */
function announce(doc: Document, text: string): void {
  if (!text) return;
  let region = doc.getElementById('ef-announcer');
  if (!region) {
    region = doc.createElement('div');
    region.id = 'ef-announcer';
    region.className = 'ef-visually-hidden';
    region.setAttribute('role', 'status');
    doc.body.appendChild(region);
  }
  const target = region;
  doc.defaultView?.setTimeout(() => {
    target.textContent = text;
  }, 100);
}
