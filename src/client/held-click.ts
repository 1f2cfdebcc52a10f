/*
 * Holding a click while the code that handles it loads, and sending it again once it has:
 * the page runtime's loader (./runtime-loader.ts) and the `client:interact` and
 * `client:ready` directives (./interact-directive.ts, ./ready-directive.ts) do this.
 */

/** A plain left click: a modified or secondary one (a link opened in a new tab) keeps the browser's meaning and is never held. */
export function isPlainClick(event: Event): boolean {
  return !(event instanceof MouseEvent) || (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey);
}

/** Sends a held click again to its target, if it is still in the page. */
export function replayClick(target: Element | null): void {
  if (target?.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1 }));
}

/**
 * Holds plain clicks inside an island until the returned `release` runs, then sends the last
 * one again (a submit, a survey's answer, a time: the island's own handler gets it). While a
 * click is held the island is `aria-busy`, so assistive technology hears that it is not ready yet.
 * `onHold` runs on each held click (e.g. to start loading the code at once).
 */
export function holdClicks(el: HTMLElement, onHold?: () => void): () => void {
  let held: Element | null = null;
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
    el.setAttribute('aria-busy', 'true');
    onHold?.();
  };
  el.addEventListener('click', hold, true);
  return () => {
    el.removeEventListener('click', hold, true);
    el.removeAttribute('aria-busy');
    const target = held;
    held = null;
    replayClick(target);
  };
}
