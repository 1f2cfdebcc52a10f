/*
 * Holding a click while the code that handles it loads, and sending it again once it has:
 * the page runtime's loader (./runtime-loader.ts) and the `client:interact` and
 * `client:ready` directives (./interact-directive.ts, ./ready-directive.ts) do this.
 */

/** Keys that move a radio group's or a closed dropdown's selection: a move through the options, never an answer. */
export const ARROW_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** Marks a radio an arrow key chose before its island's code arrived (the island adopts the choice and does not act on it). */
const ARROW_CHOSEN = 'data-arrow-chosen';

/** Whether the visitor reached this radio with an arrow key (not a click, Space or Enter) before the island hydrated. */
export function chosenByArrows(input: Element | null | undefined): boolean {
  return !!input?.hasAttribute(ARROW_CHOSEN);
}

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
 * The click a browser sends when an arrow key moves a radio group's selection is let through:
 * the choice moves natively and the island adopts it, but it is no answer to act on (a
 * survey moves on only at a click, Space or Enter).
 */
export function holdClicks(el: HTMLElement, onHold?: () => void): () => void {
  let held: Element | null = null;
  let arrowDown = false;
  const keys = (event: KeyboardEvent) => {
    arrowDown = event.type === 'keydown' && ARROW_KEYS.has(event.key);
  };
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    const radio = event.target instanceof HTMLInputElement && event.target.type === 'radio' ? event.target : null;
    if (radio && arrowDown) {
      radio.setAttribute(ARROW_CHOSEN, '');
      return;
    }
    radio?.removeAttribute(ARROW_CHOSEN);
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
    el.setAttribute('aria-busy', 'true');
    onHold?.();
  };
  el.addEventListener('click', hold, true);
  el.addEventListener('keydown', keys, true);
  el.addEventListener('keyup', keys, true);
  return () => {
    el.removeEventListener('click', hold, true);
    el.removeEventListener('keydown', keys, true);
    el.removeEventListener('keyup', keys, true);
    el.removeAttribute('aria-busy');
    const target = held;
    held = null;
    replayClick(target);
  };
}
