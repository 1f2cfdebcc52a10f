/**
 * POST /funnelbuilder/get_page (requirements FUNNEL-CALLS) through the platform API client: by host and
 * page URL for published pages, by page id with `preview: true` and the link's token for drafts. A failure
 * status becomes `{ ok: false, status, msg }` with the server's `msg`.
 */
import type { ApiFetch } from '../platform/client';
import { callPath } from '../schemas/calls/define-call';
import { funnelPageRoutes, funnelRoutes } from '../schemas/calls/funnel-routes';
import type { PageFetch } from './page-cache';
import { EDGE_TOKEN_HEADER } from '../platform/services/experiment-serving';

export type GetPageBody = { domain_name: string; page_url: string } | { page_id: string; preview: true; preview_token: string };

/**
 * `edgeToken`: the edge's own token (src/platform/services/experiment-serving.ts), with which the
 * answer carries the step's split test, salt included; such an answer stays on the server.
 */
export async function fetchPageData(api: ApiFetch, body: GetPageBody, edgeToken?: string): Promise<PageFetch> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (edgeToken) headers[EDGE_TOKEN_HEADER] = edgeToken;
  const response = await api(callPath(funnelPageRoutes.getPage), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && payload && typeof payload === 'object') return { ok: true, data: payload };
  const msg = (payload as { msg?: unknown } | null)?.msg;
  return { ok: false, status: response.ok ? 502 : response.status, msg: typeof msg === 'string' ? msg : response.statusText };
}

/**
 * Sends a failure of the page's render to the platform's error log (issue 30, requirements
 * PAGE-ERRORS: a load failure other than 404); never throws, so a report that fails cannot
 * fail the page.
 */
export async function reportPageFailure(api: ApiFetch, report: { kind: 'load' | 'merge'; message: string; page_id?: string; data?: unknown }): Promise<void> {
  try {
    await api(callPath(funnelRoutes.pageError), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(report),
    });
  } catch {
    // The console line of reportError stays the record.
  }
}
