/*
 * What a timer does when it completes (requirements PAGE-STATES): it hides itself, then either redirects
 * (`expireAction: 'url'`) or hides some page elements and shows others (`expireAction: 'hide'`).
 * A redirect target starting with one `/` is a path on the page's own host; empty and `#` are
 * ignored; anything else must be a usable http(s) URL (`https://` added when missing).
 */
import { redirectTarget } from '../links';

/** The completion behaviour of a timer, ready to apply. */
export type ExpireAction = { kind: 'redirect'; url: string } | { kind: 'toggle'; hide: string[]; show: string[] } | { kind: 'none' };

/** `/welcome`, `/a/b?x=1`: a path on the same host (not `//host`, which names another host). */
const SAME_HOST_PATH = /^\/(?![/\\])[^\s]*$/;

/** Element ids from a list or a comma-separated string; blanks dropped, duplicates removed. */
export function elementIds(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids: string[] = [];
  for (const item of raw) {
    const id = typeof item === 'string' ? item.trim().replace(/^#/, '') : '';
    if (id !== '' && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The expire action of a timer's `extra`. */
export function expireActionOf(extra: Record<string, unknown>): ExpireAction {
  if (extra.expireAction === 'url') {
    const raw = typeof extra.redirectUrl === 'string' ? extra.redirectUrl.trim() : '';
    const url = SAME_HOST_PATH.test(raw) ? raw : redirectTarget(raw);
    return url ? { kind: 'redirect', url } : { kind: 'none' };
  }
  if (extra.expireAction === 'hide') {
    return { kind: 'toggle', hide: elementIds(extra.hideElements), show: elementIds(extra.showElements) };
  }
  return { kind: 'none' };
}
