/**
 * The funnel context the page runtime reads (`<script type="application/json"
 * id="funnel-context">`, type FunnelContext in src/client/context.ts): the page's identity,
 * the domain and page URL of tracking events, notrack, the next step, the seller's pixel
 * and membership site, and the runtime's translated messages.
 */
import type { FunnelContext } from '../client/context';
import { runtimeMessages } from '../tree/messages';
import type { RenderContext } from '../tree/context';
import { nextStepHref } from '../tree/links';

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Builds the context of a rendered page. */
export function funnelContext(ctx: RenderContext, request: { host: string; path: string; notrack: boolean }): FunnelContext {
  const doc = ctx.doc as RenderContext['doc'] & Record<string, unknown>;
  const location = (doc.location ?? {}) as Record<string, unknown>;
  // The pixel: the page's own, else the location's tracking settings get_page returns.
  const tracking = (location.tracking ?? {}) as Record<string, unknown>;
  return {
    funnelId: text(doc.funnelId),
    pageId: text(doc.pageId),
    stepId: text(doc.stepId),
    locationId: text(doc.locationId),
    pageName: text(doc.pageName),
    domain: request.host,
    pageUrl: request.path,
    variantId: text(doc.variantId),
    notrack: request.notrack,
    nextStepUrl: nextStepHref({ doc: ctx.doc, host: ctx.host }),
    pixelId: text(doc.pixelId || tracking.fbPixelId),
    pixelEvent: text(doc.pixelId ? doc.pixelEvent : tracking.fbPixelEvent),
    previewUrl: text(doc.previewUrl ?? location.previewUrl),
    membership: { token: '' },
    messages: runtimeMessages(ctx.t),
  };
}
