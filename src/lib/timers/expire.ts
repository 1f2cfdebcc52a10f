/*
 * What a timer does when it completes (seed 000 §4): it hides itself, then either redirects
 * (`expireAction: 'url'`, only to a usable http(s) target) or hides some page elements and
 * shows others (`expireAction: 'hide'`).
 */
import { redirectTarget } from '../links';

/** The completion behaviour of a timer, ready to apply. */
export type ExpireAction =
  | { kind: 'redirect'; url: string }
  | { kind: 'toggle'; hide: string[]; show: string[] }
  | { kind: 'none' };

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
    const url = redirectTarget(typeof extra.redirectUrl === 'string' ? extra.redirectUrl : '');
    return url ? { kind: 'redirect', url } : { kind: 'none' };
  }
  if (extra.expireAction === 'hide') {
    return { kind: 'toggle', hide: elementIds(extra.hideElements), show: elementIds(extra.showElements) };
  }
  return { kind: 'none' };
}
