/*
 * Whether a third-party player can load. A cross-origin iframe fires `load` even when its
 * page failed, so the island asks the network directly: a no-cors request rejects only when
 * the host cannot be reached (offline, DNS, refused). A slow answer counts as a failure after
 * the timeout, so a visitor never waits at a blank box.
 */

/** Milliseconds after which a player that has not loaded counts as failed. */
export const PLAYER_LOAD_TIMEOUT_MS = 12_000;

/** Resolves true when `url` answered within the timeout, false otherwise. */
export function isReachable(url: string, timeoutMs = PLAYER_LOAD_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal })
    .then(() => true)
    .catch(() => false)
    .finally(() => clearTimeout(timer));
}
