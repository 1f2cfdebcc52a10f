/**
 * Server side of the one-step order form: the step's products, read at render through the
 * platform API (in process, or the upstream at API_ORIGIN) with the same call the browser
 * makes, so the form shows its products and total in the page's HTML and its code can wait
 * for the visitor (client:interact). The page's edge copy is purged when a product of its
 * funnel changes (the products kind's pagesAffected); the amount charged is always read from
 * the database. Null when the list cannot be read: the island then fetches it itself.
 */
import { type ProductOffer, productListUrl } from '../../lib/checkout/calls';
import type { ApiFetch } from '../../platform/client';

export async function loadStepProducts(api: ApiFetch, funnelId: string, stepId: string): Promise<ProductOffer[] | null> {
  if (!funnelId) return null;
  try {
    // The platform client takes paths below /api.
    const res = await api(productListUrl(funnelId, stepId).slice('/api'.length));
    const body: unknown = res.ok ? await res.json() : null;
    return Array.isArray(body) ? (body as ProductOffer[]) : null;
  } catch {
    return null;
  }
}
