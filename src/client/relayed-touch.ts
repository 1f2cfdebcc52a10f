/*
 * A widget framed on another site cannot see the page around it: neither its campaign
 * parameters nor its URL and referrer, and the browser withholds our attribution cookies
 * from the frame. The embed loader hands the host page's touch over in its hello
 * (src/widgets/embed/protocol.ts) as a query: the allow-listed campaign parameters
 * (src/lib/attribution.ts CAMPAIGN_KEYS) with the host page's URL (`ef_url`) and referrer
 * (`ef_referrer`). It is kept on the document (shared by the page script and every island
 * bundle), and every submission reports it in `eventData.url_params` beside the frame's own
 * query (src/widgets/form/widget-tracking.ts), which the API reads as the visitor's touch
 * (src/platform/services/attribution.ts). The frame itself is never reloaded for it.
 */
import { CAMPAIGN_KEYS, EMBED_REFERRER_PARAM, EMBED_URL_PARAM } from '../lib/attribution';

/** Longest relayed touch read. */
export const MAX_RELAYED_TOUCH = 3000;
const RELAYED_KEYS: ReadonlySet<string> = new Set([...CAMPAIGN_KEYS, EMBED_URL_PARAM, EMBED_REFERRER_PARAM]);

type TouchDocument = Pick<Document, 'documentElement'>;

/** Keeps the host page's touch (`utm_source=…&ef_url=…`) for the widget's submissions: its allow-listed parameters only, once each. */
export function relayTouch(doc: TouchDocument, touch: unknown): void {
  if (typeof touch !== 'string' || touch === '' || touch.length > MAX_RELAYED_TOUCH) return;
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(touch)) if (RELAYED_KEYS.has(key) && !kept.has(key) && value) kept.append(key, value);
  const text = kept.toString();
  if (text) doc.documentElement.dataset.efTouch = text;
}

/** The relayed touch as a query (without `?`), or ''. */
export function relayedTouch(doc: TouchDocument | undefined): string {
  return doc?.documentElement.dataset.efTouch ?? '';
}

/**
 * The frame's own query (`location.search`) with the relayed touch: the relayed parameters
 * first and in place of the frame's own of the same name; the frame's others after them.
 * The query itself when nothing was relayed.
 */
export function withRelayedTouch(search: string, doc: TouchDocument | undefined): string {
  const touch = relayedTouch(doc);
  if (!touch) return search;
  const merged = new URLSearchParams(touch);
  const relayed = new Set(merged.keys());
  for (const [key, value] of new URLSearchParams(search)) if (!relayed.has(key)) merged.append(key, value);
  return `?${merged}`;
}
