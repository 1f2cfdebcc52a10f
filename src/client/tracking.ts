/*
 * Visit tracking in the browser (requirements PAGE-DATA, FUNNEL-CALLS): after load, the fingerprint cookie is
 * checked (a bad value is replaced and reported once as old_fingerprint), the page_view event
 * and the session record are sent without holding up the page (sendBeacon, or fetch with
 * keepalive), the pixel starts, and once the page is idle the page-speed chunk (./vitals.ts)
 * starts measuring. With `notrack` nothing of it happens.
 */
import { newFingerprint } from '../lib/ids';
import { isNotrack, pageViewEvent, sessionRecord } from '../lib/tracking/events';
import { FINGERPRINT_COOKIE, ONE_YEAR_SECONDS, resolveFingerprint } from '../lib/tracking/fingerprint';
import { funnelRoutes } from '../schemas/calls/funnel-routes';
import { sendBeacon } from './beacon';
import type { FunnelContext } from './context';
import { setCookie } from './cookie-jar';
import { nextTask, whenIdle } from './idle';
import { whenLoaded } from './lazy';

/** Runs the page's tracking once the page has loaded. */
export function startTracking(doc: Document, win: Window, context: FunnelContext): void {
  if (isNotrack(context.notrack, win.location.search)) return;
  const run = () => {
    const identity = resolveFingerprint(doc.cookie, () => newFingerprint((size) => win.crypto.getRandomValues(new Uint8Array(size))));
    if (identity.write) setCookie(FINGERPRINT_COOKIE, identity.fingerprint, ONE_YEAR_SECONDS);
    const page = {
      ...context,
      domain: context.domain || win.location.host,
      pageUrl: context.pageUrl || win.location.pathname,
    };
    // The fingerprint and each call in a task of its own: a beacon costs a few milliseconds
    // of the main thread (four times that on a slow phone), and one task for all of it blocked
    // input for 60-90 ms at 4x CPU.
    if (page.pageId !== '') {
      nextTask(win, () => sendBeacon(win, funnelRoutes.funnelEvent, pageViewEvent(page, identity.fingerprint, identity.oldFingerprint)));
      nextTask(win, () => sendBeacon(win, funnelRoutes.session, sessionRecord(page, identity.fingerprint)));
    }
    // Real visitors' speed: the web-vitals library is a chunk of its own, loaded once the page is idle.
    if (page.pageId !== '' && page.funnelId !== '')
      whenIdle(
        win,
        () => void whenLoaded(import('./vitals'), (vitals) => vitals.startVitals(win, page, (report) => sendBeacon(win, funnelRoutes.vitals, report))),
      );
    // Only pages with the seller's pixel load its code.
    if (context.pixelId.trim() !== '')
      nextTask(win, () => void whenLoaded(import('./pixel'), (pixel) => pixel.startPagePixel(doc, win, context.pixelId, context.pixelEvent)));
  };
  if (doc.readyState === 'complete') nextTask(win, run);
  else win.addEventListener('load', () => nextTask(win, run), { once: true });
}
