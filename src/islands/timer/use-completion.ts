/*
 * The completion handler of a timer island: mark it expired (which hides its markup), hide
 * the element wrapper and apply the expire action.
 */
import { type RefObject, useCallback } from 'react';
import type { ExpireAction } from '../../lib/timers/expire';
import { applyExpireAction, hideTimer } from './complete';

/** A callback that completes the timer once it is called. */
export function useCompletion(
  id: string,
  expire: ExpireAction,
  root: RefObject<HTMLDivElement | null>,
  markExpired: () => void,
): () => void {
  return useCallback(() => {
    markExpired();
    hideTimer(document, id, root.current);
    applyExpireAction(document, expire, (url) => window.location.assign(url));
  }, [id, expire, root, markExpired]);
}
