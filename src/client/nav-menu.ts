/*
 * The phone toggle of navigation menus (src/elements/nav-menu): it opens and closes the
 * items, keeping aria-expanded true to what is shown. Escape closes an open menu (focus
 * back on its toggle when it was inside); following a link inside closes it too.
 */

function setOpen(toggle: Element, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  toggle.parentElement?.classList.toggle('ef-nav-open', open);
}

/** Wires every menu toggle of the page. */
export function startNavMenus(doc: Document): void {
  if (!doc.querySelector('[data-nav-toggle]')) return;
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest('[data-nav-toggle]');
    if (toggle) setOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    else if (target?.closest('.ef-nav-items a')) {
      const open = target.closest('.ef-nav-open')?.querySelector('[data-nav-toggle]');
      if (open) setOpen(open, false);
    }
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const toggle of doc.querySelectorAll<HTMLElement>('[data-nav-toggle][aria-expanded="true"]')) {
      setOpen(toggle, false);
      if (toggle.parentElement?.contains(doc.activeElement)) toggle.focus();
    }
  });
}
