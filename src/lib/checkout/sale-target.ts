/**
 * Where a visitor goes after a sale (requirements PAGE-STATES): the sale action of the order form or
 * payment button, today "go to the next funnel step" (also when the seller left it empty),
 * with the visitor's query carried. Only a site-relative path or an http(s) URL is
 * followed; anything else means the redirect is impossible and the caller shows the
 * post-sale message.
 */
import { isHttpUrl, isSitePath } from '../http-url';
import { carryQuery } from '../links';

const NEXT_STEP_ACTIONS = new Set(['', 'go-to-next-funnel-step']);

export function saleTarget(saleAction: string | undefined, nextStepUrl: string, search: string): string | null {
  if (!NEXT_STEP_ACTIONS.has((saleAction ?? '').trim())) return null;
  const target = nextStepUrl.trim();
  if (!isSitePath(target) && !isHttpUrl(target)) return null;
  return carryQuery(target, search);
}
