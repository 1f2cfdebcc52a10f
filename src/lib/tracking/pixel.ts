/*
 * The seller's tracking pixel (requirements FUNNEL-CALLS): when a page has a pixel id, the pixel is
 * initialised and one event tracked — PageView by default, the page's own event when set,
 * nothing when the event is 'None'. The decision is pure; loading lives in src/client.
 */

/** Address of the pixel library the page loads (a third party: may be unreachable). */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** What to do with the pixel on this page: nothing, or init with the id and track the event (null: init only). */
export type PixelPlan = { kind: 'off' } | { kind: 'on'; pixelId: string; event: string | null };

/** The pixel plan from the page's pixel id and event setting. */
export function pixelPlan(pixelId: string | null | undefined, pixelEvent: string | null | undefined): PixelPlan {
  const id = (pixelId ?? '').trim();
  if (id === '') return { kind: 'off' };
  const event = (pixelEvent ?? '').trim();
  if (event.toLowerCase() === 'none') return { kind: 'on', pixelId: id, event: null };
  return { kind: 'on', pixelId: id, event: event === '' ? 'PageView' : event };
}
