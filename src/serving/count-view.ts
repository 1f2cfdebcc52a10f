/**
 * Counting a view of a published funnel page (issue 28), off the request path: the view is
 * reduced to what the statistics need (the address's network and the browser's family, no
 * IP or user agent: src/lib/tracking/visitor.ts) and sent to the `edgefunnel-views` queue
 * (binding VIEW_QUEUE) in waitUntil. Nothing here touches D1; the queue's consumer
 * (src/platform/stats/view-consumer.ts) rolls the views up in batches.
 *
 * Called once per answered page: by the edge hit (src/serving/edge-hit.ts) and by the page
 * render ([...path].astro). Callers leave out previews, `notrack` and prefetches
 * (`isPrefetch`); robots and page-speed tools (src/lib/bots.ts) are left out here.
 *
 * Views are sent in small batches, not one by one: the first view an isolate counts waits
 * `VIEW_BATCH_MS` in its own request's waitUntil (which keeps the isolate alive until the
 * send), and every view counted meanwhile, by any request of the isolate, goes out in the
 * same queue message (an array of views). A queue send per view was the largest part of an
 * edge hit's cost (bench:split); now it is paid once per batch, and the consumer rolls views
 * up in batches anyway.
 */
import type { Bindings } from '../platform/env';
import type { ViewMessage } from '../lib/tracking/view-message';
import { browserFamily, networkOf } from '../lib/tracking/visitor';
import { isBot } from '../lib/bots';
import { reportError } from '../lib/report-error';

export interface View {
  funnelId: string;
  stepId: string;
  pageId: string;
  experimentId: string | null;
  variantId: string | null;
  host: string;
  ip: string | null;
  userAgent: string | null;
  source: 'edge' | 'render';
  /** When the view was answered, epoch ms. */
  now: number;
}

/** Queues `view` for counting unless it is no visitor's (a robot, a page-speed tool) or names no funnel step. */
export function countView(env: Pick<Bindings, 'VIEW_QUEUE'>, ctx: Pick<ExecutionContext, 'waitUntil'>, view: View): void {
  const queue = env.VIEW_QUEUE;
  if (!queue || !view.funnelId || !view.stepId || !view.pageId || isBot(view.userAgent)) return;
  const message: ViewMessage = {
    funnelId: view.funnelId,
    stepId: view.stepId,
    pageId: view.pageId,
    experimentId: view.experimentId,
    variantId: view.variantId,
    host: view.host,
    network: networkOf(view.ip),
    family: browserFamily(view.userAgent),
    source: view.source,
    at: view.now,
  };
  pending.push(message);
  if (pending.length >= VIEW_BATCH_MAX) ctx.waitUntil(flushViews(queue));
  else if (!waiting) {
    waiting = true;
    ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, VIEW_BATCH_MS)).then(() => flushViews(queue)));
  }
}

/** How long the first view of a batch waits for others, and the most one message holds (about 30 KB, under a queue message's 128 KB). */
export const VIEW_BATCH_MS = 250;
const VIEW_BATCH_MAX = 100;

/** Views counted in this isolate and not yet sent, and whether a send of them is waiting. */
let pending: ViewMessage[] = [];
let waiting = false;

/** Sends the views waiting; a queue that refuses them loses those views (the pages were answered all the same). */
async function flushViews(queue: Queue): Promise<void> {
  const batch = pending;
  pending = [];
  waiting = false;
  if (batch.length === 0) return;
  try {
    await queue.send(batch, { contentType: 'json' });
  } catch (error) {
    reportError(error, { where: 'countView', views: batch.length, pageId: batch[0]?.pageId });
  }
}

/** The funnel, step and page that page data (get_page's answer) is, each '' when absent. */
export function pageIdentity(data: unknown): { funnelId: string; stepId: string; pageId: string } {
  const page = (data ?? {}) as { funnelId?: unknown; stepId?: unknown; pageId?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { funnelId: text(page.funnelId), stepId: text(page.stepId), pageId: text(page.pageId) };
}

/**
 * Whether the browser fetched the page ahead of a click (the runtime's <link rel=prefetch> of
 * the next step, speculation rules): `Sec-Purpose: prefetch` (or the older `Purpose`). It is
 * not a view; counting it would also count every visitor as going on to the next step.
 */
export function isPrefetch(headers: Headers): boolean {
  return /prefetch/i.test(headers.get('sec-purpose') ?? headers.get('purpose') ?? headers.get('x-purpose') ?? '');
}
