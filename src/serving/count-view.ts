/**
 * Counting a view of a published funnel page (issue 28), off the request path: the view is
 * reduced to what the statistics need (the address's network and the browser's family, no
 * IP or user agent: src/lib/tracking/visitor.ts) and sent to the `edgefunnel-views` queue
 * (binding VIEW_QUEUE) in waitUntil. Nothing here touches D1; the queue's consumer
 * (src/platform/stats/view-consumer.ts) rolls the views up in batches.
 *
 * Called once per answered page: by the edge hit (src/serving/edge-hit.ts) and by the page
 * render ([...path].astro). Callers leave out previews and `notrack`; robots and page-speed
 * tools are left out here.
 */
import type { Bindings } from '../platform/env';
import type { ViewMessage } from '../lib/tracking/view-message';
import { browserFamily, isRobot, networkOf } from '../lib/tracking/visitor';
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
  if (!queue || !view.funnelId || !view.stepId || !view.pageId || isRobot(view.userAgent)) return;
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
  // A queue that refuses the message loses one view; the page has been answered all the same.
  ctx.waitUntil(queue.send(message, { contentType: 'json' }).catch((error) => reportError(error, { where: 'countView', pageId: view.pageId })));
}

/** The funnel, step and page that page data (get_page's answer) is, each '' when absent. */
export function pageIdentity(data: unknown): { funnelId: string; stepId: string; pageId: string } {
  const page = (data ?? {}) as { funnelId?: unknown; stepId?: unknown; pageId?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { funnelId: text(page.funnelId), stepId: text(page.stepId), pageId: text(page.pageId) };
}
