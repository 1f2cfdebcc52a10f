/**
 * Resolving a funnel page (requirements ROUTES, FUNNEL-CALLS get_page): by page id, or by the host and path
 * a visitor opened. A published page answers its published document; a preview answers
 * the draft. The answer is the page document merged with the funnel page state.
 *
 * Each lookup is one D1 batch (one round trip on Cloudflare): the statements find the
 * funnel, its steps, the page and the location from the request's host + path (or id)
 * through subqueries, instead of waiting for one answer to ask the next question.
 */
import { FUNNEL_COLUMNS, type Funnel, type FunnelRow, funnelByHostSql, STEP_COLUMNS, type Step, type StepRow, stepAtPath, toFunnel, toStep } from './funnels';
import { LOCATION_COLUMNS, type Location, type LocationRow, locationFromRow } from './locations';
import { buildPageData, type PageData } from './page-state';
import { copiedWidgetVersions } from './widget-copies';
import { isPreviewToken, previewPaths } from './preview-links';
import { type ServedExperiment, stepExperiment } from './experiment-serving';

/** A served test as get_page hands it to the edge: each variant but the control with its page data (null when it cannot be shown). */
export type EdgeExperiment = Omit<ServedExperiment, 'variants'> & { variants: (ServedExperiment['variants'][number] & { data?: PageData | null })[] };

export interface PageLookup {
  pageId?: string;
  host?: string;
  /** Normalised path: leading slash, no trailing slash, `/` for the root. */
  path: string;
  preview: boolean;
  /** The edge's own call (its token checked): the answer carries the step's split test (./experiment-serving.ts). */
  edge?: boolean;
}

/** What opens a draft: the preview signing key and the token the link carried (./preview-links.ts). */
export interface PreviewAccess {
  key: string;
  token: string | undefined;
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

interface Found {
  page: PageRow;
  funnel: Funnel | null;
  steps: Step[];
  step: Step | null;
  location: Location;
}

const pageColumns = (preview: boolean) => `id, location_id, funnel_id, step_id, name, ${preview ? 'draft' : 'published'} AS document, version`;

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

const first = <T>(result: D1Result<unknown> | undefined) => ((result?.results ?? [])[0] as T | undefined) ?? null;
const all = <T>(result: D1Result<unknown> | undefined) => (result?.results ?? []) as T[];

/** A host's funnel, its steps, the page of the step at `path` and the funnel's location: one batch. */
async function resolveByHost(db: D1Database, host: string, path: string, preview: boolean): Promise<Found | null> {
  const funnelId = `(${funnelByHostSql('f.id')})`;
  const stepPage = (where: string) => `(SELECT page_id FROM funnel_steps WHERE funnel_id = ${funnelId} ${where} ORDER BY position, id LIMIT 1)`;
  const [funnelResult, stepsResult, pageResult, locationResult] = await db.batch([
    db.prepare(funnelByHostSql(FUNNEL_COLUMNS)).bind(host),
    db.prepare(`SELECT ${STEP_COLUMNS} FROM funnel_steps WHERE funnel_id = ${funnelId} ORDER BY position, id`).bind(host),
    // The step with the path; `/` falls back to the first step (stepAtPath below decides the same).
    db
      .prepare(`SELECT ${pageColumns(preview)} FROM pages WHERE id = COALESCE(${stepPage('AND path = ?2')}, CASE WHEN ?2 = '/' THEN ${stepPage('')} END)`)
      .bind(host, path),
    db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE id = (SELECT location_id FROM funnels WHERE id = ${funnelId})`).bind(host),
  ]);
  const funnelRow = first<FunnelRow>(funnelResult);
  const page = first<PageRow>(pageResult);
  const locationRow = first<LocationRow>(locationResult);
  if (!funnelRow || !page || !locationRow) return null;
  const funnel = toFunnel(funnelRow);
  const steps = all<StepRow>(stepsResult).map(toStep);
  const step = stepAtPath(steps, path);
  if (!step || step.pageId !== page.id || page.location_id !== funnel.locationId) return null;
  return { page, funnel, steps, step, location: locationFromRow(locationRow) };
}

/**
 * A page by its id, or by the id of the step that shows it (/v2/preview/{stepId}), with the
 * funnel it belongs to (its own funnel_id, else the funnel of the step that shows it): one batch.
 */
async function resolveById(db: D1Database, id: string, preview: boolean): Promise<Found | null> {
  const pageId = '(SELECT COALESCE((SELECT id FROM pages WHERE id = ?1), (SELECT page_id FROM funnel_steps WHERE id = ?1)))';
  const stepId = `(SELECT COALESCE(step_id, '') FROM pages WHERE id = ${pageId})`;
  const funnelId = `(SELECT COALESCE((SELECT funnel_id FROM pages WHERE id = ${pageId}),
    (SELECT funnel_id FROM funnel_steps WHERE page_id = ${pageId} OR id = ${stepId} ORDER BY (id = ${stepId}) DESC LIMIT 1)))`;
  const [pageResult, funnelResult, stepsResult, locationResult] = await db.batch([
    db.prepare(`SELECT ${pageColumns(preview)} FROM pages WHERE id = ${pageId}`).bind(id),
    db.prepare(`SELECT ${FUNNEL_COLUMNS} FROM funnels f WHERE f.id = ${funnelId}`).bind(id),
    db.prepare(`SELECT ${STEP_COLUMNS} FROM funnel_steps WHERE funnel_id = ${funnelId} ORDER BY position, id`).bind(id),
    db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE id = (SELECT location_id FROM pages WHERE id = ${pageId})`).bind(id),
  ]);
  const page = first<PageRow>(pageResult);
  const locationRow = first<LocationRow>(locationResult);
  if (!page || !locationRow) return null;
  const funnelRow = first<FunnelRow>(funnelResult);
  const funnel = funnelRow && funnelRow.location_id === page.location_id ? toFunnel(funnelRow) : null;
  const steps = funnel ? all<StepRow>(stepsResult).map(toStep) : [];
  const step = steps.find((s) => s.id === page.step_id) ?? steps.find((s) => s.pageId === page.id) ?? null;
  return { page, funnel, steps, step, location: locationFromRow(locationRow) };
}

/**
 * The page data a visitor's request resolves to, or null when no published page matches, or,
 * for a preview, no draft whose token `access` carries: a wrong token and a missing page look alike.
 */
export async function getFunnelPage(
  db: D1Database,
  lookup: PageLookup,
  fallbackPublishableKey = '',
  access: PreviewAccess = { key: '', token: undefined },
): Promise<PageData | null> {
  const found = lookup.pageId
    ? await resolveById(db, lookup.pageId, lookup.preview)
    : lookup.host
      ? await resolveByHost(db, lookup.host, lookup.path, lookup.preview)
      : null;
  if (!found) return null;
  if (lookup.preview && !(access.key && (await isPreviewToken(access.key, found.page.id, access.token)))) return null;
  const document = parseDocument(found.page);
  if (!document) return null;
  const stepPages = found.steps.flatMap((s) => (s.pageId ? [s.pageId] : []));
  const previewUrls = lookup.preview ? await previewPaths(access.key, stepPages) : undefined;
  const context = {
    funnel: found.funnel,
    steps: found.steps,
    step: found.step,
    location: found.location,
    preview: lookup.preview,
    host: lookup.pageId ? undefined : lookup.host,
    previewUrls,
    fallbackPublishableKey,
  };
  const built = buildPageData({ ...context, document, page: { id: found.page.id, name: found.page.name, version: found.page.version } });
  const widgetVersions = await copiedWidgetVersions(db, document);
  const data = widgetVersions ? { ...built, widgetVersions } : built;
  if (!lookup.edge || lookup.preview || !found.step || found.step.pageId !== found.page.id) return data;
  const served = await stepExperiment(db, found.step.id, found.page.id, found.location.id);
  if (!served) return data;
  // Each variant page is rendered as the step: same funnel, steps and links, its own document.
  const experiment: EdgeExperiment = {
    ...served.experiment,
    variants: served.experiment.variants.map((variant) => {
      const page = served.documents.get(variant.pageId);
      if (variant.pageId === found.page.id) return variant;
      return {
        ...variant,
        data: page ? buildPageData({ ...context, document: page.document, page: { id: page.row.id, name: page.row.name, version: page.row.version } }) : null,
      };
    }),
  };
  return { ...data, experiment };
}
