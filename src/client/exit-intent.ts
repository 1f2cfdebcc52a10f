/*
 * Exit intent (requirements ROUTES, PAGE-STATES): the mouse leaving the window through the top edge opens the
 * exit popup once; the listener is then removed.
 */

/** The parts of a mouseout event that decide exit intent. */
export interface PointerExit {
  clientY: number;
  relatedTarget: unknown;
}

/** True when the pointer left the document through its top edge. */
export function isExitIntent(event: PointerExit): boolean {
  return event.relatedTarget === null && event.clientY <= 0;
}

/** Calls `fire` on the first exit intent, then stops listening. Returns the remover. */
export function onExitIntentOnce(doc: Document, fire: () => void): () => void {
  const listener = (event: MouseEvent) => {
    if (!isExitIntent(event)) return;
    doc.removeEventListener('mouseout', listener);
    fire();
  };
  doc.addEventListener('mouseout', listener);
  return () => doc.removeEventListener('mouseout', listener);
}
