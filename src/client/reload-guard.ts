/*
 * Recovery from a failed chunk load (requirements PAGE-ERRORS): after a deploy, a page opened earlier may
 * ask for script chunks that no longer exist; one full reload fetches the new ones. A
 * sessionStorage mark keeps it to one reload, so a chunk that stays broken cannot loop.
 */

/** sessionStorage key of the last chunk-error reload (epoch ms). */
export const CHUNK_RELOAD_KEY = 'ef:chunk-reload';
/** A second chunk error within this window does not reload again. */
export const CHUNK_RELOAD_WINDOW_MS = 10 * 60 * 1000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** True when an error message is a failed dynamic import or preload. */
export function isChunkLoadError(message: string): boolean {
  return CHUNK_ERROR.test(message);
}

/** True when a reload may happen now, given the stored mark of the last one. */
export function mayReload(lastReload: string | null, now: number): boolean {
  const at = Number(lastReload);
  return !lastReload || !Number.isFinite(at) || now - at > CHUNK_RELOAD_WINDOW_MS || at > now;
}
