/*
 * The funnel context: what the server tells the page runtime about the page, in
 *   <script type="application/json" id="funnel-context">{…}</script>
 * (docs/contracts/islands.md). The server builds it with `funnelContextJson`; the runtime
 * reads it with `parseFunnelContext`, which never throws: missing fields fall back to empty.
 */
import type { TrackedPage } from '../lib/tracking/events';
import { scriptJson } from '../lib/script-json';

/** Visitor-facing strings the runtime needs, translated on the server (namespace page-runtime). */
export interface RuntimeMessages {
  /** page-runtime:membershipError — "Sorry something went wrong." */
  membershipError: string;
  /** page-runtime:loading — accessible name of a busy button. */
  loading: string;
}

/** The page's context for the runtime: the tracked page's identity, plus what the runtime needs. */
export interface FunnelContext extends TrackedPage {
  /** The split-test variant this page was served as ('' outside a test): page-speed reports name it. */
  variantId: string;
  /** True when the request carried `notrack`: no cookie, event, session or pixel. */
  notrack: boolean;
  /** The next step's URL ('' when the funnel has none): prefetched, query carried. */
  nextStepUrl: string;
  /** The seller's pixel id ('' for none) and event ('' → PageView, 'None' → init only). */
  pixelId: string;
  pixelEvent: string;
  /** Base URL of the location's membership site ('' when none). */
  previewUrl: string;
  /** A membership token the server already holds for this visitor (wins over stored ones). */
  membership: { token: string };
  messages: RuntimeMessages;
}

/** Id of the script element holding the context. */
export const CONTEXT_ELEMENT_ID = 'funnel-context';

const DEFAULT_MESSAGES: RuntimeMessages = { membershipError: 'Sorry something went wrong.', loading: 'Loading…' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A complete context from untrusted JSON data (wrong types become empty values). */
export function parseFunnelContext(data: unknown): FunnelContext {
  const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const messages = (raw.messages && typeof raw.messages === 'object' ? raw.messages : {}) as Record<string, unknown>;
  const membership = (raw.membership && typeof raw.membership === 'object' ? raw.membership : {}) as Record<string, unknown>;
  return {
    funnelId: text(raw.funnelId),
    pageId: text(raw.pageId),
    stepId: text(raw.stepId),
    locationId: text(raw.locationId),
    pageName: text(raw.pageName),
    domain: text(raw.domain),
    pageUrl: text(raw.pageUrl),
    variantId: text(raw.variantId),
    notrack: raw.notrack === true || raw.notrack === 'true' || raw.notrack === 1,
    nextStepUrl: text(raw.nextStepUrl),
    pixelId: text(raw.pixelId),
    pixelEvent: text(raw.pixelEvent),
    previewUrl: text(raw.previewUrl),
    membership: { token: text(membership.token) },
    messages: {
      membershipError: text(messages.membershipError) || DEFAULT_MESSAGES.membershipError,
      loading: text(messages.loading) || DEFAULT_MESSAGES.loading,
    },
  };
}

/** Reads the context from the page; an absent or broken element gives an empty context. */
export function readFunnelContext(doc: Document): FunnelContext {
  const element = doc.getElementById(CONTEXT_ELEMENT_ID);
  try {
    return parseFunnelContext(element?.textContent ? JSON.parse(element.textContent) : {});
  } catch {
    return parseFunnelContext({});
  }
}

/** The context as text safe inside a <script type="application/json"> element (for the server). */
export function funnelContextJson(context: FunnelContext): string {
  return scriptJson(context);
}
