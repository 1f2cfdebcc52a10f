/**
 * What a click on a button, image, svg or menu item does (requirements PAGE-DATA, PAGE-ERRORS): the element's
 * action turned into markup by `actionMarkup` (src/tree/action-markup.ts, the one source
 * of action attributes; docs/contracts/islands.md §2) with the page's step links, plus the
 * render log: an unknown action type is logged (the runtime logs it too when clicked), and
 * a step action whose step is missing logs 'Step detail missing' and links to `#`.
 */
import { type ActionMarkup, actionMarkup } from './action-markup';
import { isActionName, STEP_ACTIONS } from '../lib/action-types';
import type { RenderContext } from './context';
import { stepLinks } from './links';

/** The tag and attributes of an element's clickable part for `action` with its settings `extra`. */
export function elementAction(ctx: RenderContext, elementId: string, action: unknown, extra: Record<string, unknown>): ActionMarkup {
  const name = typeof action === 'string' && action.trim() !== '' ? action.trim() : 'none';
  const markup = actionMarkup(name, extra, stepLinks({ doc: ctx.doc, host: ctx.host, query: ctx.query }));
  if (!isActionName(name)) ctx.log('action.unknown', { elementId, action: name });
  else if (STEP_ACTIONS.has(name) && markup.attributes.href === '#') {
    ctx.log('action.step-missing', { elementId, action: name, msg: 'Step detail missing' });
  }
  return markup;
}
