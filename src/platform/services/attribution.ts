/**
 * The visitor's first and last touch (src/lib/attribution.ts) as the API reads them when a
 * contact, submission, appointment or order is made: from the edge's cookies, which every
 * same-origin call carries (the funnel page and its widgets); else, for a widget embedded
 * in a frame on another site (where the browser withholds our cookies), from the query the
 * widget reports in its `eventData`, with the host page's campaign parameters, URL and
 * referrer that embed.js relayed to it (src/client/relayed-touch.ts). Only these strings are
 * taken from the visitor; never an amount or an id.
 */
import {
  decodeTouch,
  EMBED_REFERRER_PARAM,
  EMBED_URL_PARAM,
  FIRST_TOUCH_COOKIE,
  hasCampaign,
  LAST_TOUCH_COOKIE,
  NO_TOUCHES,
  type Touches,
  touchOf,
  touchText,
} from '../../lib/attribution';
import { parseCookies } from '../../lib/tracking/cookies';

const text = (x: unknown) => (typeof x === 'string' ? x : null);

/** The touch a widget's event data describes (embedded: the host page's), or null. */
function eventDataTouches(eventData: unknown, now: number): Touches {
  if (!eventData || typeof eventData !== 'object' || Array.isArray(eventData)) return NO_TOUCHES;
  const data = eventData as Record<string, unknown>;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text(data.url_params) ?? '');
  } catch {
    return NO_TOUCHES;
  }
  const notrack = params.get('notrack');
  if (notrack !== null && notrack !== 'false' && notrack !== '0') return NO_TOUCHES;
  const touch = touchOf({
    params,
    landing: params.get(EMBED_URL_PARAM) ?? text(data.page_url),
    referrer: params.get(EMBED_REFERRER_PARAM) ?? text(data.referrer),
    at: now,
  });
  if (!hasCampaign(touch) && !touch.referrer && !touch.landing) return NO_TOUCHES;
  const json = touchText(touch);
  return { first: json, last: json };
}

/** The touches of a public call: its cookies, else what its event data tells. */
export function requestTouches(cookieHeader: string | null | undefined, eventData: unknown, now: number): Touches {
  const cookies = parseCookies(cookieHeader);
  const first = decodeTouch(cookies.get(FIRST_TOUCH_COOKIE));
  if (first) return { first: touchText(first), last: touchText(decodeTouch(cookies.get(LAST_TOUCH_COOKIE)) ?? first) };
  return eventDataTouches(eventData, now);
}
