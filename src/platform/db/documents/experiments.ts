/**
 * Split tests on funnel steps (issue 28). The step's own page is the control and must be one
 * of the variants; every other variant is a page of the same funnel (a page whose document
 * names the funnel, `funnelId`) that serves no other step. The salt and the start are the
 * server's: a PUT without a salt keeps the stored one (a new salt reshuffles every visitor),
 * and `startedAt` is set the first time the test is stored running, then kept.
 */
import { id } from '../../../schemas/common';
import { type ExperimentDocument, experimentDocument } from '../../../schemas/experiment';
import { newId } from '../../../lib/ids';
import { ApiError } from '../../http';
import { defineKind, idsOf, json } from './kind';

interface PageRow {
  id: string;
  funnel_id: string | null;
  step_id: string | null;
  named_funnel: string | null;
}

/** Throws a 409 unless the step has a page, it is a variant, and every variant's page belongs to the funnel. */
async function assertVariantPages(db: D1Database, doc: ExperimentDocument): Promise<void> {
  const step = await db.prepare('SELECT page_id FROM funnel_steps WHERE id = ?').bind(doc.stepId).first<{ page_id: string | null }>();
  const controlPageId = step?.page_id;
  if (!controlPageId) throw new ApiError(409, `stepId: step ${doc.stepId} has no page to test against`, 'stepId');
  if (!doc.variants.some((variant) => variant.pageId === controlPageId)) {
    throw new ApiError(409, `variants: one variant must show the step's page ${controlPageId} (the control)`, 'variants');
  }
  for (const variant of doc.variants) {
    if (variant.pageId === controlPageId) continue;
    const page = await db
      .prepare("SELECT id, funnel_id, step_id, json_extract(draft, '$.funnelId') AS named_funnel FROM pages WHERE id = ?")
      .bind(variant.pageId)
      .first<PageRow>();
    if (!page) throw new ApiError(409, `variants: page ${variant.pageId} does not exist`, 'variants');
    if (page.step_id) throw new ApiError(409, `variants: page ${variant.pageId} serves step ${page.step_id}; a variant needs a page of its own`, 'variants');
    if (page.named_funnel !== doc.funnelId) throw new ApiError(409, `variants: page ${variant.pageId} is not in funnel ${doc.funnelId}`, 'variants');
  }
}

export const experimentKind = defineKind<ExperimentDocument>({
  table: 'experiments',
  idColumn: 'id',
  label: 'Experiment',
  schema: experimentDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [
    { table: 'funnels', id: doc.funnelId, field: 'funnelId' },
    { table: 'funnel_steps', id: doc.stepId, field: 'stepId', owner: { column: 'funnel_id', id: doc.funnelId } },
  ],
  check: assertVariantPages,
  async complete(db, doc, { now, random }) {
    const stored = await db.prepare('SELECT salt, started_at FROM experiments WHERE id = ?').bind(doc.id).first<{ salt: string; started_at: number | null }>();
    const salt = doc.salt ?? stored?.salt ?? newId('salt', random);
    const startedAt = stored?.started_at ?? (doc.status === 'running' ? now : null);
    return { ...doc, salt, startedAt };
  },
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO experiments (id, funnel_id, step_id, status, salt, started_at, doc, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
         ON CONFLICT (id) DO UPDATE SET funnel_id = excluded.funnel_id, step_id = excluded.step_id, status = excluded.status,
           salt = excluded.salt, started_at = excluded.started_at, doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.funnelId, doc.stepId, doc.status, doc.salt, doc.startedAt ?? null, json(doc), now),
  ],
  remove: async (db, experimentId) => [db.prepare('DELETE FROM experiments WHERE id = ?').bind(experimentId)],
  // The step's copies carry the test (src/serving/experiment.ts): its page and the variants' are purged.
  pagesAffected: (db, experimentId) =>
    idsOf(
      db,
      `SELECT page_id AS id FROM funnel_steps WHERE id = (SELECT step_id FROM experiments WHERE id = ?1) AND page_id IS NOT NULL
       UNION SELECT json_extract(v.value, '$.pageId') AS id FROM experiments e, json_each(e.doc, '$.variants') v WHERE e.id = ?1`,
      experimentId,
    ),
});
