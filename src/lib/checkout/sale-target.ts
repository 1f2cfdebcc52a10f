/**
 * Where a visitor goes after a sale (requirements PAGE-STATES-1): the sale action of the order
 * form or payment button, with the address the renderer worked out for it
 * (`saleFollowUp`, src/tree/action-markup.ts): the next step (also when the seller left the
 * action empty) or a chosen step, with the visitor's query carried, or the `url` action's
 * address. Only a site-relative path or an http(s) URL is followed; null means the sale
 * does not redirect (an in-page action such as openPopup, or no usable address).
 */
import { isHttpUrl, isSitePath } from '../http-url';
import { carryQuery } from '../links';

const STEP_ACTIONS = new Set(['', 'go-to-next-funnel-step', 'go-to-funnel-step']);

export function saleTarget(saleAction: string | undefined, targetUrl: string, search: string): string | null {
  const action = (saleAction ?? '').trim();
  const target = targetUrl.trim();
  if (!isSitePath(target) && !isHttpUrl(target)) return null;
  if (STEP_ACTIONS.has(action)) return carryQuery(target, search);
  return action === 'url' ? target : null;
}
