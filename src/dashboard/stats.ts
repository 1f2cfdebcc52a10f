/** The statistics API's answer (GET /admin/v1/stats/funnels/{id}, the contract shared with the statistics work). */
import type { Money } from './types';

export interface Variant {
  id: string;
  pageId: string;
  weight: number;
  isControl: boolean;
  views: number;
  visitors: number;
  conversions: number;
  conversionRate: number | null;
  uplift: number | null;
  probabilityToBeatControl: number | null;
}

export interface ExperimentStats {
  id: string;
  stepId: string;
  status: string;
  startedAt: number | string | null;
  winner: string | null;
  variants: Variant[];
  srm: { chiSquare: number; p: number; flagged: boolean };
}

export interface FunnelStats {
  funnelId: string;
  from: string;
  to: string;
  timeZone: string;
  totals: { views: number; visitors: number; optins: number; bookings: number; orders: number; revenue: Money[] };
  steps: {
    stepId: string;
    name: string;
    pageId: string;
    url: string;
    views: number;
    visitors: number;
    optins: number;
    optinRate: number | null;
    bookings: number;
    orders: number;
    salesRate: number | null;
    revenue: Money[];
  }[];
  days: { day: string; views: number; visitors: number; optins: number; bookings: number; orders: number; revenue: Money[] }[];
  experiments: ExperimentStats[];
  vitals: { pageId: string; variantId: string | null; samples: number; lcp: number | null; inp: number | null; cls: number | null; ttfb: number | null }[];
}

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
