/*
 * Holding a click while the code that handles it loads, and sending it again once it has:
 * the page runtime's loader (./runtime-loader.ts) and the `client:interact` directive
 * (./interact-directive.ts) both do this.
 */

/** A plain left click: a modified or secondary one (a link opened in a new tab) keeps the browser's meaning and is never held. */
export function isPlainClick(event: Event): boolean {
  return !(event instanceof MouseEvent) || (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey);
}

/** Sends a held click again to its target, if it is still in the page. */
export function replayClick(target: Element | null): void {
  if (target?.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1 }));
}
