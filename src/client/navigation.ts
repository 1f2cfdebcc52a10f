/*
 * Page-level navigation behaviour (requirements ROUTES, PAGE-ERRORS, PAGE-LIMITS): a page
 * restored from the back-forward cache reloads (buttons left busy are reset that way); a
 * failed chunk load reloads once; the next step is prefetched unless the connection is 2g or
 * saves data. Closing popups on navigation is in popups.ts, the hash re-apply in
 * hash-reapply.ts (both load only on pages that need them).
 */
import { carryQuery } from '../lib/query-carry';
import { CHUNK_RELOAD_KEY, isChunkLoadError, mayReload } from './reload-guard';

/** Reloads a page that the back-forward cache restored. */
export function reloadFromBackForwardCache(win: Window): void {
  win.addEventListener('pageshow', (event) => {
    if (event.persisted) win.location.reload();
  });
}

/** True for Chrome and Chromium browsers (where the late hash re-apply is needed). */
export function isChrome(userAgent: string): boolean {
  return /Chrome\/\d+/.test(userAgent) && !/Edg\/|OPR\//.test(userAgent);
}

/** Reloads the page once when a script chunk fails to load. */
export function reloadOnChunkError(win: Window): void {
  const reload = () => {
    try {
      if (!mayReload(win.sessionStorage.getItem(CHUNK_RELOAD_KEY), Date.now())) return;
      win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    } catch {
      return;
    }
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reload();
  });
  win.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason ?? '');
    if (isChunkLoadError(message)) reload();
  });
}

/** The parts of navigator.connection that decide prefetching. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** False on 2g connections and when the visitor asked to save data. */
export function shouldPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** Adds <link rel=prefetch> for the next step, carrying the query string. */
export function prefetchNextStep(doc: Document, win: Window, nextStepUrl: string): void {
  const connection = (win.navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (nextStepUrl === '' || nextStepUrl === '#' || !shouldPrefetch(connection)) return;
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.href = carryQuery(nextStepUrl, win.location.search);
  doc.head.appendChild(link);
}
