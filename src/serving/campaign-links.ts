/**
 * An ad visit (`?utm_source=…`, `gclid`, … : the page-neutral parameters of lib/attribution)
 * is answered from the page's shared edge copy, rendered without any campaign
 * (html-cache.ts `cacheableQuery`). The seed carries the visit's query to the next step
 * (requirements ROUTES); the page runtime does that in the browser, and this does it in the
 * HTML itself as it streams out, so that a visitor without JavaScript, a new tab or a
 * crawler following the link keeps the campaign too. The copy itself never holds it.
 */
import { carryQuery, STEP_LINK_SELECTOR } from '../lib/query-carry';

/** True when `query` (without its `?`) has more than the part its copy is kept for. */
export const hasCarriedQuery = (query: string, cacheable: string | null): boolean => cacheable !== null && query !== cacheable;

/** `answer` with its funnel-step links carrying `search` (the target's own keys win). */
export function withCampaignLinks(answer: Response, search: string): Response {
  if (answer.status !== 200 || !answer.body) return answer;
  return new HTMLRewriter()
    .on(STEP_LINK_SELECTOR, {
      element(link) {
        const href = link.getAttribute('href');
        if (href && href !== '#') link.setAttribute('href', carryQuery(href, search));
      },
    })
    .transform(answer);
}
