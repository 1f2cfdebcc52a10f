/*
 * Chrome re-applies a hash anchor after 300 ms (requirements PAGE-LIMITS): late layout moves
 * the target. Loaded only when the address has a hash.
 */
import { isChrome } from './navigation';

/** Delay before Chrome re-applies the hash anchor. */
export const HASH_REAPPLY_MS = 300;

/** Scrolls to the hash target again after 300 ms in Chrome. */
export function reapplyHashInChrome(doc: Document, win: Window): void {
  const hash = win.location.hash;
  if (hash.length < 2 || !isChrome(win.navigator.userAgent)) return;
  win.setTimeout(() => {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // Keep the raw id when the hash is not valid percent-encoding.
    }
    doc.getElementById(id)?.scrollIntoView();
  }, HASH_REAPPLY_MS);
}
