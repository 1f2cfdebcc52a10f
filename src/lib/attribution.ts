/**
 * Attribution (issue 27): where a visitor came from, as two "touches" of the same shape,
 * first (the visitor's first view, never replaced) and last (the latest view that carried
 * campaign parameters). A touch holds the `utm_*` parameters, the ad click ids, the referrer
 * and the landing page, and the time it was taken:
 *   {utm_source?, utm_medium?, utm_campaign?, utm_term?, utm_content?, gclid?, gbraid?,
 *    wbraid?, fbclid?, ttclid?, msclkid?, referrer?, landing?, at}
 * Every value is visitor input: cleaned of control characters, cut to a bound, and only
 * ever shown escaped. Pure, so the edge (src/serving/attribution.ts), the API (which reads
 * the touches back when a record is made) and the tests share one definition.
 */
import { cleanLine, cutText } from './text';

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const CLICK_ID_KEYS = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'ttclid', 'msclkid'] as const;
/** The campaign parameters a touch keeps, in the order exports list them. */
export const CAMPAIGN_KEYS = [...UTM_KEYS, ...CLICK_ID_KEYS] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];
/**
 * Query parameters that name where a visit came from and never change the page: every
 * `utm_*`, the ad click ids a touch keeps, and other ad networks' and mail tools' ids. A
 * visit carrying only these (and `lang`) is answered from the edge HTML copy, whose key
 * leaves them out (src/serving/html-cache.ts); the edge still reads the campaign into the
 * attribution cookies after the cache read, and the page runtime carries the query to the
 * step links in the browser.
 */
const PAGE_NEUTRAL_PARAM =
  /^(?:utm_[a-z0-9_]{1,40}|gclid|gbraid|wbraid|dclid|gclsrc|gad_source|gad_campaignid|fbclid|ttclid|msclkid|twclid|li_fat_id|epik|rdt_cid|sccid|yclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|srsltid|_gl)$/i;

/** Whether a query parameter's (undecoded) name is a campaign or ad-click parameter that never changes the page. */
export const isPageNeutralParam = (name: string): boolean => PAGE_NEUTRAL_PARAM.test(name);

/** Every text field of a touch, in export order. */
export const TOUCH_FIELDS = [...CAMPAIGN_KEYS, 'referrer', 'landing'] as const;
export type TouchField = (typeof TOUCH_FIELDS)[number];

export type Touch = Partial<Record<TouchField, string>> & { at: number };

/** Cookies of the edge: base64url JSON of one touch each, HttpOnly (only the server reads them). */
export const FIRST_TOUCH_COOKIE = 'ef_ft';
export const LAST_TOUCH_COOKIE = 'ef_lt';
/** How long the touches are kept: 90 days, the longest common ad attribution window. */
export const TOUCH_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** The host page's URL and its referrer in the touch embed.js relays to a widget (src/client/relayed-touch.ts). */
export const EMBED_URL_PARAM = 'ef_url';
export const EMBED_REFERRER_PARAM = 'ef_referrer';

/** Longest value kept per field, in code points: a touch stays well under a cookie's 4 KB. */
const MAX_CAMPAIGN = 100;
const MAX_CLICK_ID = 200;
const MAX_URL = 400;
/** Longest cookie value written; a touch over it loses its landing page, then its referrer. */
export const MAX_COOKIE_VALUE = 3000;

const maxOf = (field: TouchField) =>
  field === 'referrer' || field === 'landing' ? MAX_URL : (UTM_KEYS as readonly string[]).includes(field) ? MAX_CAMPAIGN : MAX_CLICK_ID;

/** A visitor's value as a touch keeps it: one line, trimmed, bounded; empty → undefined. */
export function cleanTouchValue(field: TouchField, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = cutText(cleanLine(value).trim(), maxOf(field));
  return text === '' ? undefined : text;
}

/** An http(s) URL as a touch keeps it, or undefined for anything else (javascript:, garbage). */
function cleanUrl(field: 'referrer' | 'landing', value: unknown): string | undefined {
  const text = cleanTouchValue(field, value);
  return text && /^https?:\/\/[^\s/]/i.test(text) ? text : undefined;
}

/** The allow-listed campaign parameters of a query. */
export function campaignOf(params: Pick<URLSearchParams, 'get'>): Partial<Record<CampaignKey, string>> {
  const out: Partial<Record<CampaignKey, string>> = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = cleanTouchValue(key, params.get(key));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export const hasCampaign = (touch: Partial<Record<CampaignKey, string>>): boolean => CAMPAIGN_KEYS.some((key) => touch[key] !== undefined);

/** The touch of one view: its campaign parameters, referrer and landing page. */
export function touchOf(view: { params: Pick<URLSearchParams, 'get'>; referrer: unknown; landing: unknown; at: number }): Touch {
  const touch: Touch = { ...campaignOf(view.params), at: view.at };
  const referrer = cleanUrl('referrer', view.referrer);
  const landing = cleanUrl('landing', view.landing);
  if (referrer) touch.referrer = referrer;
  if (landing) touch.landing = landing;
  return touch;
}

/** Whether two touches carry the same campaign parameters (a reload of the same ad link is no new touch). */
export function sameCampaign(a: Touch, b: Touch): boolean {
  return CAMPAIGN_KEYS.every((key) => a[key] === b[key]);
}

/** A touch read back from anything (a cookie, a stored row): known fields only, each cleaned again. */
export function readTouch(raw: unknown): Touch | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const at = record.at;
  if (typeof at !== 'number' || !Number.isFinite(at) || at < 0) return null;
  const touch: Touch = { at: Math.floor(at) };
  for (const field of TOUCH_FIELDS) {
    const value = field === 'referrer' || field === 'landing' ? cleanUrl(field, record[field]) : cleanTouchValue(field, record[field]);
    if (value !== undefined) touch[field] = value;
  }
  return touch;
}

/** A stored touch column (JSON text) as an object, or null. */
export function parseTouch(text: unknown): Touch | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return readTouch(JSON.parse(text));
  } catch {
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A touch as a cookie value (base64url of its JSON), kept under MAX_COOKIE_VALUE. */
export function encodeTouch(touch: Touch): string {
  let current: Touch = touch;
  for (const drop of [null, 'landing', 'referrer'] as const) {
    if (drop) {
      const { [drop]: _dropped, ...rest } = current;
      current = rest as Touch;
    }
    const value = base64url(new TextEncoder().encode(JSON.stringify(current)));
    if (value.length <= MAX_COOKIE_VALUE) return value;
  }
  return base64url(new TextEncoder().encode(JSON.stringify({ at: touch.at })));
}

/** A cookie value back to a touch; anything malformed → null. */
export function decodeTouch(value: string | null | undefined): Touch | null {
  if (!value || value.length > MAX_COOKIE_VALUE * 2 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return readTouch(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
  } catch {
    return null;
  }
}

/** The first and last touch of a visitor, as the JSON text the records' columns hold. */
export interface Touches {
  first: string | null;
  last: string | null;
}

export const NO_TOUCHES: Touches = { first: null, last: null };

export const touchText = (touch: Touch | null): string | null => (touch ? JSON.stringify(touch) : null);

/**
 * What to keep after a view: on a first view (no touch yet) both touches are this view; a
 * later view with campaign parameters other than the last touch's replaces the last touch;
 * anything else changes nothing. Answers only the touches to write.
 */
export function nextTouches(current: { first: Touch | null; last: Touch | null }, view: Touch): { first?: Touch; last?: Touch } {
  if (!current.first) return { first: view, last: view };
  if (hasCampaign(view) && !(current.last && sameCampaign(current.last, view))) return { last: view };
  return {};
}
