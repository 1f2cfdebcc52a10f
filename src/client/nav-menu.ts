/*
 * Navigation menus (src/elements/nav-menu): the phone toggle opens and closes the items,
 * and a sub-menu's button (desktop "More") opens and closes its list, each keeping
 * aria-expanded true to what is shown. Enter and Space (the button's click) toggle a
 * sub-menu, ↓ opens it with focus on its first link; Escape closes an open menu (focus back
 * on its toggle when it was inside); following a link inside closes it too, and so does
 * focus or a click leaving a sub-menu.
 */

function setOpen(toggle: Element, open: boolean): void {
  toggle.setAttribute('aria-expanded', String(open));
  toggle.parentElement?.classList.toggle(toggle.hasAttribute('data-nav-sub') ? 'ef-nav-sub-open' : 'ef-nav-open', open);
}

const OPEN = '[data-nav-toggle][aria-expanded="true"], [data-nav-sub][aria-expanded="true"]';

function closeSubsOutside(doc: Document, target: Node | null): void {
  for (const sub of doc.querySelectorAll('[data-nav-sub][aria-expanded="true"]')) {
    if (!target || !sub.parentElement?.contains(target)) setOpen(sub, false);
  }
}

/** Wires every menu toggle and sub-menu button of the page. */
export function startNavMenus(doc: Document): void {
  if (!doc.querySelector('[data-nav-toggle], [data-nav-sub]')) return;
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest('[data-nav-toggle], [data-nav-sub]');
    closeSubsOutside(doc, toggle ?? target);
    if (toggle) setOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    else if (target?.closest('.ef-nav-items a')) {
      for (const open of target.closest('nav')?.querySelectorAll(OPEN) ?? []) setOpen(open, false);
    }
  });
  doc.addEventListener('focusin', (event) => closeSubsOutside(doc, event.target instanceof Node ? event.target : null));
  doc.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (event.key === 'ArrowDown' && target?.matches('[data-nav-sub]')) {
      event.preventDefault();
      setOpen(target, true);
      target.parentElement?.querySelector<HTMLElement>('.ef-nav-sub a, .ef-nav-sub button')?.focus();
      return;
    }
    if (event.key !== 'Escape') return;
    for (const toggle of doc.querySelectorAll<HTMLElement>(OPEN)) {
      const inside = toggle.parentElement?.contains(doc.activeElement);
      setOpen(toggle, false);
      if (inside) toggle.focus();
    }
  });
}
