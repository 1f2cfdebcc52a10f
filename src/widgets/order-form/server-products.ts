/**
 * Server side of the one-step order form: the step's products, read at render through the
 * platform API (in process, or the upstream at API_ORIGIN) with the same call the browser
 * makes, so the form shows its products and total in the page's HTML and its code can wait
 * for the visitor (client:interact). The page's edge copy is purged when a product of its
 * funnel changes (the products kind's pagesAffected); the amount charged is always read from
 * the database. Null when the list cannot be read: the island then fetches it itself.
 */
import { callPath } from '../../schemas/calls/define-call';
import { paymentsRoutes, type ProductView } from '../../schemas/calls/payments-routes';
import type { ApiFetch } from '../../platform/client';

export async function loadStepProducts(api: ApiFetch, funnelId: string, stepId: string): Promise<ProductView[] | null> {
  if (!funnelId) return null;
  try {
    const res = await api(callPath(paymentsRoutes.productList, undefined, { funnel_id: funnelId, step_id: stepId || undefined }));
    const body: unknown = res.ok ? await res.json() : null;
    return Array.isArray(body) ? (body as ProductView[]) : null;
  } catch {
    return null;
  }
}
