/**
 * A stand-in for the Facebook pixel at its network boundary: the library URL answers a small
 * script that, like fbevents.js, takes over the page's `fbq` queue and sends each tracked
 * event to https://www.facebook.com/tr?id=…&ev=…, which this records. The page's own code
 * (the queueing stub, src/client/pixel.ts) runs unchanged.
 */
import type { BrowserContext } from '@playwright/test';

const LIBRARY = `(() => {
  const fbq = window.fbq;
  if (!fbq) return;
  const ids = [];
  const send = (args) => {
    if (args[0] === 'init') ids.push(String(args[1]));
    else if (args[0] === 'track') for (const id of ids) new Image().src = 'https://www.facebook.com/tr?id=' + id + '&ev=' + encodeURIComponent(args[1]);
  };
  fbq.callMethod = (...args) => send(args);
  for (const args of fbq.queue.splice(0)) send(Array.from(args));
})();`;

export interface PixelHit {
  id: string;
  ev: string;
  page: string;
}

/** Stands in for the pixel in `context`; answers the hits the pixel sent, in order. */
export async function standInForPixel(context: BrowserContext): Promise<PixelHit[]> {
  const hits: PixelHit[] = [];
  await context.route('https://connect.facebook.net/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: LIBRARY }));
  await context.route('https://www.facebook.com/tr**', (route) => {
    const url = new URL(route.request().url());
    hits.push({ id: url.searchParams.get('id') ?? '', ev: url.searchParams.get('ev') ?? '', page: new URL(route.request().frame().url()).pathname });
    return route.fulfill({ status: 204, body: '' });
  });
  return hits;
}
