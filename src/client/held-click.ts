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
 * Watches the arrow keys on `target`, and says whether a click is the one a browser sends when
 * an arrow key moves a radio group's selection. That click is never held: the choice moves
 * natively, the radio is marked (`chosenByArrows`), and the island adopts it without acting
 * on it (a survey moves on only at a click, Space or Enter). `stop` removes the listeners.
 */
export function arrowChoices(target: EventTarget): { isArrowChoice: (event: Event) => boolean; stop: () => void } {
  let arrowDown = false;
  const keys = (event: Event) => {
    arrowDown = event.type === 'keydown' && ARROW_KEYS.has((event as KeyboardEvent).key);
  };
  target.addEventListener('keydown', keys, true);
  target.addEventListener('keyup', keys, true);
  return {
    isArrowChoice: (event) => {
      const radio = event.target instanceof HTMLInputElement && event.target.type === 'radio' ? event.target : null;
      if (radio && arrowDown) radio.setAttribute(ARROW_CHOSEN, '');
      else radio?.removeAttribute(ARROW_CHOSEN);
      return !!radio && arrowDown;
    },
    stop: () => {
      target.removeEventListener('keydown', keys, true);
      target.removeEventListener('keyup', keys, true);
    },
  };
}

/**
 * Holds plain clicks inside an island until the returned `release` runs, then sends the last
 * one again (a submit, a survey's answer, a time: the island's own handler gets it). While a
 * click is held the island is `aria-busy`, so assistive technology hears that it is not ready yet.
 * `onHold` runs on each held click (e.g. to start loading the code at once).
 * An arrow key's move through a radio group is let through (`arrowChoices`).
 */
export function holdClicks(el: HTMLElement, onHold?: () => void): () => void {
  let held: Element | null = null;
  const arrows = arrowChoices(el);
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !isPlainClick(event) || arrows.isArrowChoice(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
    el.setAttribute('aria-busy', 'true');
    onHold?.();
  };
  el.addEventListener('click', hold, true);
  return () => {
    el.removeEventListener('click', hold, true);
    arrows.stop();
    el.removeAttribute('aria-busy');
    const target = held;
    held = null;
    replayClick(target);
  };
}
