/** The statistics API's answer (GET /admin/v1/stats/funnels/{id}): its types are src/schemas/stats.ts, shared with the server. */
import type { FunnelStats } from '../schemas/stats';

export type { ExperimentReport as ExperimentStats, FunnelStats, VariantReport as Variant } from '../schemas/stats';

/** The statistics of a funnel, or 'unavailable' when the call answers 404 (not deployed yet, or an unknown funnel). */
export async function loadStats(
  raw: (path: string) => Promise<Response>,
  funnelId: string,
  from: string,
  to: string,
): Promise<FunnelStats | { unavailable: string }> {
  const search = new URLSearchParams({ interval: 'day' });
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const res = await raw(`/stats/funnels/${encodeURIComponent(funnelId)}?${search}`);
  const body = (await res.json().catch(() => null)) as (FunnelStats & { msg?: string }) | null;
  if (res.status === 404) return { unavailable: body?.msg ?? '' };
  if (!res.ok || !body) throw new Error(body?.msg ?? `HTTP ${res.status}`);
  return body;
}
