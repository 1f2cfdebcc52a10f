/*
 * The mobile toggle of navigation menus: on a phone a menu's items collapse behind a button
 * (src/elements/nav-menu); it opens and closes them, keeping aria-expanded true to what is
 * shown. Escape closes an open menu and returns focus to its toggle; following a link inside
 * closes it too.
 */

function setOpen(toggle: HTMLElement, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  toggle.closest('.ef-nav-menu')?.classList.toggle('ef-nav-open', open);
}

/** Wires every menu toggle of the page. */
export function startNavMenus(doc: Document): void {
  const toggles = Array.from(doc.querySelectorAll<HTMLElement>('[data-nav-toggle]'));
  if (toggles.length === 0) return;
  doc.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const toggle = event.target.closest<HTMLElement>('[data-nav-toggle]');
    if (toggle) return setOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    const link = event.target.closest('.ef-nav-items a[href]');
    const menuToggle = link?.closest('.ef-nav-menu')?.querySelector<HTMLElement>('[data-nav-toggle]');
    if (menuToggle) setOpen(menuToggle, false);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const toggle of toggles) {
      if (toggle.getAttribute('aria-expanded') !== 'true') continue;
      setOpen(toggle, false);
      if (toggle.closest('.ef-nav-menu')?.contains(doc.activeElement)) toggle.focus();
    }
  });
}
