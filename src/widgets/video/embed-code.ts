/*
 * Mounting the seller's own embed code (custom_embed / html sources). It is trusted seller
 * code and is inserted as given; scripts inserted through innerHTML do not run, so each one
 * is recreated to run like it would in the seller's page.
 */

/** Inserts `code` into `container` and runs its scripts; `onScriptError` hears a script that failed to load. */
export function mountEmbedCode(container: HTMLElement, code: string, onScriptError: () => void): void {
  container.innerHTML = code;
  for (const old of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(old.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = old.text;
    if (script.src) script.addEventListener('error', onScriptError, { once: true });
    old.replaceWith(script);
  }
}
