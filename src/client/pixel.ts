/*
 * Loading the seller's tracking pixel. The standard queueing stub is installed first so calls
 * never wait for the library; the library is a third-party script that may not load (no
 * internet, blockers): that failure is silent and never blocks or breaks the page.
 */
import { PIXEL_SCRIPT_URL, type PixelPlan, pixelPlan } from '../lib/tracking/pixel';

type PixelFunction = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: unknown;
  loaded: boolean;
  version: string;
};

type PixelWindow = Window & { fbq?: PixelFunction; _fbq?: PixelFunction };

function installStub(win: PixelWindow): PixelFunction {
  if (win.fbq) return win.fbq;
  const stub = ((...args: unknown[]) => {
    if (stub.callMethod) stub.callMethod(...args);
    else stub.queue.push(args);
  }) as PixelFunction;
  stub.queue = [];
  stub.push = stub;
  stub.loaded = true;
  stub.version = '2.0';
  win.fbq = stub;
  if (!win._fbq) win._fbq = stub;
  return stub;
}

/** Initialises the pixel and tracks the planned event; loads the library in the background. */
export function startPixel(doc: Document, win: Window, plan: PixelPlan, scriptUrl = PIXEL_SCRIPT_URL): void {
  if (plan.kind === 'off') return;
  const fbq = installStub(win as PixelWindow);
  const script = doc.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.addEventListener('error', () => script.remove(), { once: true });
  doc.head.appendChild(script);
  fbq('init', plan.pixelId);
  if (plan.event) fbq('track', plan.event);
}

/** Tracks a pixel event (Upsell, SubmitApplication, OrderFormPurchase) when the page has a pixel. */
export function trackPixelEvent(win: Window, event: string): void {
  (win as PixelWindow).fbq?.('track', event);
}

/** Starts the pixel a page's id and event setting ask for. */
export function startPagePixel(doc: Document, win: Window, pixelId: string, pixelEvent: string): void {
  startPixel(doc, win, pixelPlan(pixelId, pixelEvent));
}
