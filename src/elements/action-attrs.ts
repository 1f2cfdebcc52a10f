/**
 * Markup attributes of a resolved action: `data-action` always, plus one `data-*` per
 * setting a scripted action needs (`productId` → `data-product-id`), and the link target.
 */
import type { ActionTarget } from '../tree/actions';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Attributes for the clickable tag of an element whose action resolved to `target`. */
export function actionAttrs(target: ActionTarget): Record<string, string> {
  if (target.kind === 'link') {
    return {
      href: target.href,
      'data-action': target.action,
      ...(target.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    };
  }
  if (target.kind === 'script') {
    return {
      type: 'button',
      'data-action': target.action,
      ...(target.action === 'openPopup' ? { 'aria-haspopup': 'dialog' } : {}),
      ...Object.fromEntries(Object.entries(target.data).map(([key, value]) => [`data-${kebab(key)}`, value])),
    };
  }
  return { 'data-action': 'none' };
}
