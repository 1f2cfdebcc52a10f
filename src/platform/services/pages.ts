/**
 * Resolving a funnel page (seed 000 §2, §7 get_page): by page id, or by the host and path
 * a visitor opened. A published page answers its published document; a preview answers
 * the draft. The answer is the page document merged with the funnel page state.
 */
import { type Funnel, findFunnelByHost, getFunnel, listSteps, type Step, stepAtPath } from './funnels';
import { getLocation } from './locations';
import { buildPageData, type PageData } from './page-state';

export interface PageLookup {
  pageId?: string;
  host?: string;
  /** Normalised path: leading slash, no trailing slash, `/` for the root. */
  path: string;
  preview: boolean;
}

interface PageRow {
  id: string;
  location_id: string;
  funnel_id: string | null;
  step_id: string | null;
  name: string;
  document: string | null;
  version: number;
}

async function readPage(db: D1Database, id: string, preview: boolean): Promise<PageRow | null> {
  const column = preview ? 'draft' : 'published';
  return db
    .prepare(`SELECT id, location_id, funnel_id, step_id, name, ${column} AS document, version FROM pages WHERE id = ?`)
    .bind(id)
    .first<PageRow>();
}

function parseDocument(row: PageRow): Record<string, unknown> | null {
  if (!row.document) return null;
  try {
    const doc: unknown = JSON.parse(row.document);
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) return doc as Record<string, unknown>;
  } catch {
    // Falls through to the log below: a broken row must not break the API.
  }
  console.error('page document is not a JSON object', row.id);
  return null;
}

/** The funnel and step a page belongs to, from the page row or the step that shows it. */
async function placeOfPage(db: D1Database, page: PageRow): Promise<{ funnel: Funnel | null; steps: Step[]; step: Step | null }> {
  const stepRow = await db
    .prepare('SELECT funnel_id FROM funnel_steps WHERE page_id = ?1 OR id = ?2 ORDER BY (id = ?2) DESC LIMIT 1')
    .bind(page.id, page.step_id ?? '')
    .first<{ funnel_id: string }>();
  const funnelId = page.funnel_id ?? stepRow?.funnel_id ?? null;
  const funnel = funnelId ? await getFunnel(db, funnelId) : null;
  if (!funnel || funnel.locationId !== page.location_id) return { funnel: null, steps: [], step: null };
  const steps = await listSteps(db, funnel.id);
  const step = steps.find((s) => s.id === page.step_id) ?? steps.find((s) => s.pageId === page.id) ?? null;
  return { funnel, steps, step };
}

async function resolveByHost(db: D1Database, host: string, path: string, preview: boolean) {
  const funnel = await findFunnelByHost(db, host);
  if (!funnel) return null;
  const steps = await listSteps(db, funnel.id);
  const step = stepAtPath(steps, path);
  if (!step?.pageId) return null;
  const page = await readPage(db, step.pageId, preview);
  if (!page || page.location_id !== funnel.locationId) return null;
  return { page, place: { funnel, steps, step } };
}

/** A page by its id, or by the id of the step that shows it (/v2/preview/{stepId}). */
async function resolveById(db: D1Database, id: string, preview: boolean) {
  const step = await db.prepare('SELECT page_id FROM funnel_steps WHERE id = ?').bind(id).first<{ page_id: string | null }>();
  const page = (await readPage(db, id, preview)) ?? (step?.page_id ? await readPage(db, step.page_id, preview) : null);
  if (!page) return null;
  return { page, place: await placeOfPage(db, page) };
}

/** The page data a visitor's request resolves to, or null when no published (or draft) page matches. */
export async function getFunnelPage(db: D1Database, lookup: PageLookup, fallbackPublishableKey = ''): Promise<PageData | null> {
  const found = lookup.pageId
    ? await resolveById(db, lookup.pageId, lookup.preview)
    : lookup.host
      ? await resolveByHost(db, lookup.host, lookup.path, lookup.preview)
      : null;
  if (!found) return null;
  const document = parseDocument(found.page);
  if (!document) return null;
  const location = await getLocation(db, found.page.location_id);
  if (!location) return null;
  return buildPageData({
    document,
    page: { id: found.page.id, name: found.page.name, version: found.page.version },
    ...found.place,
    location,
    preview: lookup.preview,
    host: lookup.pageId ? undefined : lookup.host,
    fallbackPublishableKey,
  });
}
