/**
 * The embed loader a seller pastes beside a widget iframe (`GET /widget/embed.js`,
 * docs/embed.md). `embedLoader` is served as its own source text, so it must not reference
 * anything outside its body: the protocol's constants and the http(s) link rule come in
 * through `config`.
 */
import { CAMPAIGN_KEYS, EMBED_REFERRER_PARAM, EMBED_URL_PARAM } from '../../lib/attribution';
import { HTTP_URL } from '../../lib/http-url';
import { MAX_RELAYED_TOUCH } from '../../client/relayed-touch';
import { EMBED_SOURCE, EMBED_VERSION } from './protocol';

export interface LoaderConfig {
  source: string;
  version: number;
  /** The serving origin, used when the script cannot tell where it was loaded from. */
  origin: string;
  /** Source of HTTP_URL (src/lib/http-url.ts): the only redirect targets followed. */
  httpUrl: string;
  /** The host page's parameters relayed to a frame in the hello (the campaign's, src/lib/attribution.ts), and the names of its URL and referrer there. */
  params: readonly string[];
  urlParam: string;
  referrerParam: string;
  /** The longest touch the widget reads (src/client/relayed-touch.ts). */
  maxTouch: number;
}

export function embedLoader(config: LoaderConfig): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const origin = script?.src ? new URL(script.src).origin : config.origin;
  const httpUrl = new RegExp(config.httpUrl, 'i');
  const ours = (frame: HTMLIFrameElement) => frame.src.indexOf(`${origin}/`) === 0;
  const frames = () => Array.prototype.filter.call(document.getElementsByTagName('iframe'), ours) as HTMLIFrameElement[];
  // The page's split-test variant cookies (`ef_x_{experimentId}={variantId}`, set by the edge on a
  // funnel page): the framed widget sends them with its calls, so what it records carries the variant.
  const variants = () =>
    document.cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => /^ef_x_[A-Za-z0-9_-]{1,64}=[A-Za-z0-9_-]{1,64}$/.test(part))
      .slice(0, 20)
      .join('; ');
  // Attribution: a host page reached through a campaign hands its allow-listed parameters, its
  // URL and its referrer to each frame in every hello, so an embedded booking keeps its campaign
  // (a frame on another site gets none of our cookies). The frame is never reloaded for it:
  // what a visitor already typed stays, and the widget reports the touch with its submissions.
  const here = new URLSearchParams(window.location.search);
  const passed = new URLSearchParams();
  for (const name of config.params) {
    const value = here.get(name);
    if (value) passed.set(name, value.slice(0, 200));
  }
  if (passed.toString()) {
    passed.set(config.urlParam, window.location.href.slice(0, 400));
    if (document.referrer) passed.set(config.referrerParam, document.referrer.slice(0, 400));
  }
  // The widget reads at most maxTouch characters; a longer one loses the URL, then the referrer.
  let touch = passed.toString();
  for (const name of [config.urlParam, config.referrerParam]) {
    if (touch.length > config.maxTouch) passed.delete(name);
    touch = passed.toString();
  }
  const hello = (frame: HTMLIFrameElement) =>
    frame.contentWindow?.postMessage({ source: config.source, version: config.version, type: 'hello', variants: variants(), touch }, origin);
  const prepare = (frame: HTMLIFrameElement) => {
    if (frame.dataset.efEmbed) return;
    frame.dataset.efEmbed = '1';
    // A bare <iframe src> is 300×150 with a border; a widget fills its column instead.
    if (!frame.getAttribute('width') && !frame.style.width) frame.style.width = '100%';
    if (!frame.style.border) frame.style.border = '0';
    if (!frame.getAttribute('height') && !frame.style.height) frame.style.height = '560px';
    if (!frame.title) frame.title = frame.src.indexOf('/survey/') > 0 ? 'Survey' : 'Form';
  };
  const start = () => {
    for (const frame of frames()) {
      prepare(frame);
      hello(frame);
    }
  };
  // A frame that loads after the loader started says nothing until asked: `load` does not
  // bubble, but a capturing listener on the document sees it.
  document.addEventListener(
    'load',
    (event) => {
      const frame = event.target as HTMLIFrameElement;
      if (frame.tagName === 'IFRAME' && ours(frame)) {
        prepare(frame);
        hello(frame);
      }
    },
    true,
  );
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== origin || !data || data.source !== config.source || data.version !== config.version) return;
    const frame = frames().filter((f) => f.contentWindow === event.source)[0];
    if (!frame) return;
    prepare(frame);
    // The widget's first word (its height at start) is answered at once, so the touch and the
    // variants arrive before the frame's `load`, which waits for all of its images and scripts.
    if (!frame.dataset.efHello) {
      frame.dataset.efHello = '1';
      hello(frame);
    }
    if (data.type === 'height' && typeof data.height === 'number' && data.height >= 0) {
      frame.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'redirect' && httpUrl.test(String(data.url))) {
      window.location.href = String(data.url);
    } else if (data.type === 'booking-complete' || data.type === 'close-window') {
      const detail = data.type === 'booking-complete' ? { fingerprint: String(data.fingerprint), calendarId: String(data.calendarId) } : {};
      frame.dispatchEvent(new CustomEvent(data.type, { bubbles: true, detail }));
    }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/** The script text of GET /widget/embed.js for a request to `origin`. */
export function embedLoaderScript(origin: string): string {
  const config: LoaderConfig = {
    source: EMBED_SOURCE,
    version: EMBED_VERSION,
    origin,
    httpUrl: HTTP_URL.source,
    params: CAMPAIGN_KEYS,
    urlParam: EMBED_URL_PARAM,
    referrerParam: EMBED_REFERRER_PARAM,
    maxTouch: MAX_RELAYED_TOUCH,
  };
  return `(${embedLoader.toString()})(${JSON.stringify(config)});\n`;
}
