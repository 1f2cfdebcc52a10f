/**
 * Funnels and their ordered steps, and the URLs that reach a step: `https://{host}{path}`
 * on the domain the page was requested on (a domain row or the funnel's custom domain),
 * else on the funnel's custom domain, else `/v2/preview/{pageId}` (requirements ROUTES).
 */

export interface Funnel {
  id: string;
  locationId: string;
  name: string;
  /** The funnel's custom domain, else the first domain row pointing at it. */
  domain: string | null;
  /** The funnel's own custom domain only (step links of a page opened by id use it). */
  customDomain: string | null;
}

export interface Step {
  id: string;
  funnelId: string;
  name: string;
  path: string;
  position: number;
  pageId: string | null;
  nextStepId: string | null;
}

export interface FunnelRow {
  id: string;
  location_id: string;
  name: string;
  domain: string | null;
  custom_domain: string | null;
}

export interface StepRow {
  id: string;
  funnel_id: string;
  name: string;
  path: string;
  position: number;
  page_id: string | null;
  next_step_id: string | null;
}

/** A funnel's domain: its own, else a domain that points at it. */
export const FUNNEL_COLUMNS = `f.id, f.location_id, f.name, f.domain AS custom_domain,
  COALESCE(f.domain, (SELECT host FROM domains WHERE funnel_id = f.id ORDER BY created_at, host LIMIT 1)) AS domain`;

export const toFunnel = (row: FunnelRow): Funnel => ({
  id: row.id,
  locationId: row.location_id,
  name: row.name,
  domain: row.domain,
  customDomain: row.custom_domain,
});

export const toStep = (row: StepRow): Step => ({
  id: row.id,
  funnelId: row.funnel_id,
  name: row.name,
  path: row.path,
  position: row.position,
  pageId: row.page_id,
  nextStepId: row.next_step_id,
});

export async function getFunnel(db: D1Database, id: string): Promise<Funnel | null> {
  const row = await db.prepare(`SELECT ${FUNNEL_COLUMNS} FROM funnels f WHERE f.id = ?`).bind(id).first<FunnelRow>();
  return row ? toFunnel(row) : null;
}

/**
 * SQL of the funnel a host serves (the host bound as ?1), selecting `columns` of `funnels f`:
 * the domain's own funnel, else the funnel whose domain is the host.
 */
export const funnelByHostSql = (columns: string) => `SELECT ${columns} FROM funnels f
       LEFT JOIN domains d ON d.host = ?1
       WHERE (d.funnel_id IS NOT NULL AND f.id = d.funnel_id)
          OR (d.funnel_id IS NULL AND f.domain = ?1 AND (d.location_id IS NULL OR f.location_id = d.location_id))
       ORDER BY (f.id = d.funnel_id) DESC, f.created_at LIMIT 1`;

/** Columns of a `funnel_steps` row, as `toStep` reads them. */
export const STEP_COLUMNS = 'id, funnel_id, name, path, position, page_id, next_step_id';

/** The step a path names; `/` falls back to the first step when no step has that path. */
export function stepAtPath(steps: Step[], path: string): Step | null {
  return steps.find((s) => s.path === path) ?? (path === '/' ? (steps[0] ?? null) : null);
}

/** The step after `step`: its explicit next step, else the following one by position. */
export function nextStep(steps: Step[], step: Step): Step | null {
  if (step.nextStepId) {
    const chosen = steps.find((s) => s.id === step.nextStepId);
    if (chosen) return chosen;
  }
  const at = steps.findIndex((s) => s.id === step.id);
  return at >= 0 ? (steps[at + 1] ?? null) : null;
}

/**
 * The URL a visitor follows to reach a step ('' when the step has no page yet). `host` is
 * the domain the current page was resolved by: the visitor stays on it (several domain rows
 * may point at one funnel, and a funnel without a custom domain has none of its own). A page
 * opened by id (preview) links to the funnel's custom domain, else to the step's preview,
 * signed when `previewUrls` has it (a preview's links; ./preview-links.ts).
 */
export function stepUrl(funnel: Funnel, step: Step, host?: string, previewUrls?: ReadonlyMap<string, string>): string {
  const domain = host || funnel.customDomain;
  if (domain) return `https://${domain}${step.path}`;
  if (!step.pageId) return '';
  return previewUrls?.get(step.pageId) ?? `/v2/preview/${step.pageId}`;
}
