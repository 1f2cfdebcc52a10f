/**
 * The browser's beacon for calls nobody waits for (tracking, error reports): apart from
 * ./api.ts, which only features that wait for an answer load, so the page runtime every page
 * loads carries this alone (tests/e2e/runtime-chunks.spec.ts).
 */
import { apiPath, type CallRoute, type JsonBody } from '../schemas/calls/define-call';

/** Sends a JSON body without blocking navigation (a beacon, else fetch with keepalive); errors are only logged. */
export function sendBeacon<C extends CallRoute>(win: Window, route: C, body: JsonBody<C>): void {
  const path = apiPath(route);
  const json = JSON.stringify(body);
  try {
    if (win.navigator.sendBeacon?.(path, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch when the beacon is refused.
  }
  win
    .fetch(path, { method: 'POST', body: json, headers: { 'content-type': 'application/json' }, keepalive: true })
    .catch((error) => console.warn('tracking call failed', path, error));
}
