/**
 * What the edge needs to serve a step's split test (issue 28; docs/analytics.md): the step's
 * test with its salt, and each variant's published page. It goes only to the edge's own
 * get_page calls (those carrying `edgeCallToken`, derived from the signing secret), never
 * to a browser: the salt would let anyone pick their variant.
 *
 * - A draft or stopped test serves everyone the step's own page (the control); only a seller's
 *   preview (`?ef_variant=`) shows its variants.
 * - A variant whose page is deleted, unpublished or of another location is `servable: false`;
 *   the edge serves the control in its place (src/serving/experiment.ts), and the admin
 *   status and the experiment's GET report it (`unservableVariants`).
 */
import type { ExperimentDocument } from '../../schemas/experiment';
import { hmacSign, sameText } from '../../lib/signing';
import { type SigningSecrets, signingKey } from '../secrets';

/** The header the edge's get_page calls carry their token in. */
export const EDGE_TOKEN_HEADER = 'x-edgefunnel-edge-token';

const tokens = new Map<string, Promise<string>>();

/** The token of the edge's own calls: the same for every call, unknowable without the signing secret. */
export function edgeCallToken(env: SigningSecrets): Promise<string> {
  const key = signingKey(env, 'edge-call');
  let token = tokens.get(key);
  if (!token) {
    token = hmacSign(key, 'get_page');
    if (tokens.size > 8) tokens.clear();
    tokens.set(key, token);
  }
  return token;
}

/** Whether `token` is the edge's (constant time). */
export async function isEdgeCallToken(env: SigningSecrets, token: string | null | undefined): Promise<boolean> {
  return typeof token === 'string' && token !== '' && sameText(token, await edgeCallToken(env));
}

/** A variant as the edge serves it; `servable` is false when its page cannot be shown. */
export interface ServedVariant {
  id: string;
  pageId: string;
  weight: number;
  servable: boolean;
}

/** A step's test as get_page hands it to the edge. */
export interface ServedExperiment {
  id: string;
  salt: string;
  status: ExperimentDocument['status'];
  winnerVariantId: string | null;
  controlPageId: string;
  variants: ServedVariant[];
}

/** A variant page's published document, as stored. */
export interface VariantPageRow {
  id: string;
  location_id: string;
  name: string;
  version: number;
  published: string | null;
}

interface ExperimentRow {
  doc: string;
  salt: string;
  status: string;
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The served test of a step whose page is `controlPageId`, with the published documents of
 * its other variants' pages (by page id), or null when the step has no test.
 */
export async function stepExperiment(
  db: D1Database,
  stepId: string,
  controlPageId: string,
  locationId: string,
): Promise<{ experiment: ServedExperiment; documents: Map<string, { row: VariantPageRow; document: Record<string, unknown> }> } | null> {
  const row = await db
    // The running (or won) test first; else the latest draft or stopped one, which only a preview (?ef_variant) shows.
    .prepare("SELECT doc, salt, status FROM experiments WHERE step_id = ? ORDER BY status IN ('running', 'winner') DESC, updated_at DESC, id LIMIT 1")
    .bind(stepId)
    .first<ExperimentRow>();
  const doc = parseObject(row?.doc ?? null) as ExperimentDocument | null;
  if (!row || !doc || !Array.isArray(doc.variants)) return null;
  const others = doc.variants.filter((variant) => variant.pageId !== controlPageId).map((variant) => variant.pageId);
  const documents = new Map<string, { row: VariantPageRow; document: Record<string, unknown> }>();
  if (others.length > 0) {
    const pages = await db
      .prepare(`SELECT id, location_id, name, version, published FROM pages WHERE id IN (${others.map(() => '?').join(', ')})`)
      .bind(...others)
      .all<VariantPageRow>();
    for (const page of pages.results) {
      const document = parseObject(page.published);
      if (document && page.location_id === locationId) documents.set(page.id, { row: page, document });
    }
  }
  return {
    experiment: {
      id: doc.id,
      salt: row.salt,
      status: doc.status,
      winnerVariantId: doc.winnerVariantId ?? null,
      controlPageId,
      variants: doc.variants.map((variant) => ({
        id: variant.id,
        pageId: variant.pageId,
        weight: variant.weight,
        servable: variant.pageId === controlPageId || documents.has(variant.pageId),
      })),
    },
    documents,
  };
}

/** A variant no visitor can be shown (its page deleted or never published), as the admin API reports it. */
export interface UnservableVariant {
  experimentId: string;
  variantId: string;
  pageId: string;
}

/** The variants of `experiments` (all if none named) whose page is not published: the edge serves the control instead. */
export async function unservableVariants(db: D1Database, experimentId?: string): Promise<UnservableVariant[]> {
  const rows = await db
    .prepare(
      `SELECT e.id AS experiment_id, json_extract(v.value, '$.id') AS variant_id, json_extract(v.value, '$.pageId') AS page_id
       FROM experiments e, json_each(e.doc, '$.variants') v
       WHERE (?1 IS NULL OR e.id = ?1)
         AND json_extract(v.value, '$.pageId') IS NOT (SELECT page_id FROM funnel_steps WHERE id = e.step_id)
         AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = json_extract(v.value, '$.pageId') AND p.published IS NOT NULL)
       ORDER BY e.id, v.key`,
    )
    .bind(experimentId ?? null)
    .all<{ experiment_id: string; variant_id: string; page_id: string }>();
  return rows.results.map((r) => ({ experimentId: r.experiment_id, variantId: r.variant_id, pageId: r.page_id }));
}
