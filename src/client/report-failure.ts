/*
 * The browser's side of the pages' error log (issue 30, requirements PAGE-ERRORS): the
 * payment and product-list failures the seed says are reported go to POST /api/funnel/error
 * (rate-limited there, visible through GET /admin/v1/page-errors), as well as to the console.
 * Sent as a beacon: it never holds up or breaks the page.
 */
import { funnelRoutes } from '../schemas/calls/funnel-routes';
import { sendBeacon } from './beacon';

export function reportFailure(win: Window, kind: 'payment' | 'product-list', message: string, pageId: string, data?: Record<string, unknown>): void {
  console.error(`${kind} failed`, message);
  sendBeacon(win, funnelRoutes.pageError, { kind, message: message.slice(0, 2000) || kind, ...(pageId ? { page_id: pageId } : {}), ...(data ? { data } : {}) });
}
