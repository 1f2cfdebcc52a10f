/**
 * The message protocol between an embedded widget (form, survey, booking) and the page that
 * frames it (docs/embed.md). Every message is a plain object tagged with EMBED_SOURCE and
 * EMBED_VERSION, so the loader can ignore anything else a page posts. A widget only ever
 * posts to its own parent window, never to a window named by a message.
 *
 * Widget → parent: `height`, `booking-complete`, `close-window`, `redirect` (the seller's
 * survey ending sends the parent page elsewhere).
 * Parent → widget: `hello` (the loader started, an iframe loaded, or the widget spoke first, and
 * the loader asks for the current height; it carries the parent page's split-test variant
 * cookies, which the widget's calls relay: src/client/api.ts, and the parent page's touch, its
 * campaign parameters with its URL and referrer, which the widget's submissions report:
 * src/client/relayed-touch.ts).
 */
import { httpUrl, isHttpUrl } from '../../lib/http-url';
import { relayTouch } from '../../client/relayed-touch';
import { relaySplitVariants } from '../../client/split-variants';

export const EMBED_SOURCE = 'edgefunnel-widget';
export const EMBED_VERSION = 1;

/** Requirements WIDGET-LIMITS: below this scroll height the frame keeps a minimum of MIN_FRAME_HEIGHT. */
export const HEIGHT_THRESHOLD = 500;
export const MIN_FRAME_HEIGHT = 560;
/** What the booking calendar adds to its scroll height (requirements WIDGET-LIMITS). */
export const BOOKING_HEIGHT_OFFSET = 50;

export type EmbedMessage =
  | { type: 'height'; height: number }
  | { type: 'booking-complete'; fingerprint: string; calendarId: string }
  | { type: 'close-window' }
  | { type: 'redirect'; url: string };

/** `variants`: `ef_x_a=b; ef_x_c=d`; `touch`: `utm_source=…&ef_url=…&ef_referrer=…` ('' without a campaign). */
export type ParentMessage = { type: 'hello'; variants?: string; touch?: string };

export type Envelope<M> = M & { source: typeof EMBED_SOURCE; version: typeof EMBED_VERSION };

/** The frame height for a document's scroll height: itself (plus `offset`) over 500, else 560. */
export function frameHeight(scrollHeight: number, offset = 0): number {
  return scrollHeight > HEIGHT_THRESHOLD ? Math.ceil(scrollHeight + offset) : MIN_FRAME_HEIGHT;
}

export function envelope<M extends EmbedMessage | ParentMessage>(message: M): Envelope<M> {
  return { ...message, source: EMBED_SOURCE, version: EMBED_VERSION };
}

const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null;

/** A widget message of this protocol, or null for anything else a window may receive. */
export function readEmbedMessage(data: unknown): EmbedMessage | null {
  if (!isRecord(data) || data.source !== EMBED_SOURCE || data.version !== EMBED_VERSION) return null;
  if (data.type === 'height' && typeof data.height === 'number' && Number.isFinite(data.height) && data.height >= 0) {
    return { type: 'height', height: data.height };
  }
  if (data.type === 'booking-complete' && typeof data.fingerprint === 'string' && typeof data.calendarId === 'string') {
    return { type: 'booking-complete', fingerprint: data.fingerprint, calendarId: data.calendarId };
  }
  if (data.type === 'close-window') return { type: 'close-window' };
  if (data.type === 'redirect' && typeof data.url === 'string' && isHttpUrl(data.url)) return { type: 'redirect', url: data.url };
  return null;
}

/** True when `data` is the loader's `hello`. */
export const isHello = (data: unknown): boolean => isRecord(data) && data.source === EMBED_SOURCE && data.version === EMBED_VERSION && data.type === 'hello';

/** Minimal window shape, so the functions run against any window (or a test double of one). */
export interface EmbedWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location?: { ancestorOrigins?: { length: number; [index: number]: string } };
  document?: { referrer: string };
}

/** True when the widget is framed by another page. */
export const isEmbedded = (win: EmbedWindow): boolean => (win.parent as unknown) !== win;

/**
 * The parent's origin when the browser tells it (ancestorOrigins, else the referrer), so a
 * message cannot be read by whatever page the parent navigated to; '*' when unknown.
 */
export function parentOrigin(win: EmbedWindow): string {
  const ancestor = win.location?.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    const referrer = win.document?.referrer;
    if (referrer) return new URL(referrer).origin;
  } catch {}
  return '*';
}

/** Posts one message to the parent window; does nothing when not embedded. */
export function postToParent(message: EmbedMessage, win: EmbedWindow = window): void {
  if (!isEmbedded(win)) return;
  win.parent.postMessage(envelope(message), parentOrigin(win));
}

export const postBookingComplete = (fingerprint: string, calendarId: string, win?: EmbedWindow) =>
  postToParent({ type: 'booking-complete', fingerprint, calendarId }, win);

export const postCloseWindow = (win?: EmbedWindow) => postToParent({ type: 'close-window' }, win);

/**
 * Sends the page the visitor sees to `url` (http(s), or relative to this widget's page): the
 * parent when embedded (through the loader, and directly, which browsers allow right after
 * a click), else this window.
 */
export function redirectTop(url: string, win: Window = window): void {
  const target = httpUrl(url, win.location.href)?.href;
  if (!target) return;
  if (!isEmbedded(win)) {
    win.location.href = target;
    return;
  }
  postToParent({ type: 'redirect', url: target }, win);
  try {
    if (win.top) win.top.location.href = target;
  } catch {
    // Without a user gesture a cross-origin frame may not navigate the top window; the loader does.
  }
}

/**
 * Keeps the parent's frame as tall as the widget: posts the height at start, whenever the
 * document's size changes, and when the loader says hello, whose variants and touch it keeps
 * for the widget's calls. `offset` is what the widget adds above the threshold (the booking
 * calendar: BOOKING_HEIGHT_OFFSET). Returns a stop function.
 */
export function startHeightReporting(win: Window = window, offset = 0): () => void {
  if (!isEmbedded(win)) return () => {};
  // The body's height, not the root's: the root is never shorter than the frame itself, so
  // a widget that shrinks would keep its old height.
  const body = win.document.body ?? win.document.documentElement;
  let last = -1;
  const report = (force = false) => {
    const style = win.getComputedStyle(body);
    const margins = Number.parseFloat(style.marginTop) + Number.parseFloat(style.marginBottom) || 0;
    const height = frameHeight(body.scrollHeight + margins, offset);
    if (!force && height === last) return;
    last = height;
    postToParent({ type: 'height', height }, win);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent || !isHello(event.data)) return;
    const hello = event.data as { variants?: unknown; touch?: unknown };
    relaySplitVariants(win.document, hello.variants);
    relayTouch(win.document, hello.touch);
    report(true);
  };
  const observer = new ResizeObserver(() => report());
  observer.observe(body);
  win.addEventListener('message', onMessage);
  report(true);
  return () => {
    observer.disconnect();
    win.removeEventListener('message', onMessage);
  };
}
