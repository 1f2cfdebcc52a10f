/**
 * Funnels and their steps. A funnel document carries its ordered steps; storing it
 * replaces the funnel's funnel_steps rows and links each step's page (pages.funnel_id and
 * step_id), unlinking pages the funnel no longer uses. Step ids are global and a page
 * serves one step, so both are checked against the other funnels first.
 */
import { id } from '../../../schemas/common';
import { type FunnelDocument, funnelDocument } from '../../../schemas/funnel';
import { ApiError } from '../../http';
import { assertUnused, defineKind, json } from './kind';

async function assertStepsFree(db: D1Database, doc: FunnelDocument): Promise<void> {
  for (const step of doc.steps) {
    const taken = await db.prepare('SELECT funnel_id FROM funnel_steps WHERE id = ? AND funnel_id != ?').bind(step.id, doc.id).first<{ funnel_id: string }>();
    if (taken) throw new ApiError(409, `steps: step id ${step.id} is used by funnel ${taken.funnel_id}`, 'steps');
    if (!step.pageId) continue;
    const page = await db.prepare('SELECT location_id FROM pages WHERE id = ?').bind(step.pageId).first<{ location_id: string }>();
    if (page && page.location_id !== doc.locationId) throw new ApiError(409, `steps: page ${step.pageId} belongs to another location`, 'steps');
    const used = await db
      .prepare('SELECT funnel_id FROM funnel_steps WHERE page_id = ? AND funnel_id != ?')
      .bind(step.pageId, doc.id)
      .first<{ funnel_id: string }>();
    if (used) throw new ApiError(409, `steps: page ${step.pageId} is already a step of funnel ${used.funnel_id}`, 'steps');
  }
  const pageIds = doc.steps.map((s) => s.pageId).filter(Boolean);
  if (new Set(pageIds).size !== pageIds.length) throw new ApiError(400, 'steps: a page can serve only one step', 'steps');
  const stepIds = new Set(doc.steps.map((s) => s.id));
  for (const step of doc.steps) {
    if (step.nextStepId && !stepIds.has(step.nextStepId)) {
      throw new ApiError(400, `steps: nextStepId ${step.nextStepId} of step ${step.id} is not a step of this funnel`, 'steps');
    }
  }
}

export const funnelKind = defineKind<FunnelDocument>({
  table: 'funnels',
  idColumn: 'id',
  label: 'Funnel',
  schema: funnelDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [{ table: 'locations', id: doc.locationId, field: 'locationId' }],
  check: assertStepsFree,
  write(db, doc, now) {
    const statements = [
      db
        .prepare(
          `INSERT INTO funnels (id, location_id, name, domain, doc, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
           ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, name = excluded.name,
             domain = excluded.domain, doc = excluded.doc, updated_at = excluded.updated_at`,
        )
        .bind(doc.id, doc.locationId, doc.name, doc.domain, json(doc), now),
      db.prepare('DELETE FROM funnel_steps WHERE funnel_id = ?').bind(doc.id),
      db.prepare('UPDATE pages SET funnel_id = NULL, step_id = NULL, updated_at = ?2 WHERE funnel_id = ?1').bind(doc.id, now),
    ];
    doc.steps.forEach((step, position) => {
      statements.push(
        db
          .prepare('INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id, next_step_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .bind(step.id, doc.id, step.name, step.path, position, step.pageId, step.nextStepId),
      );
      if (step.pageId) {
        statements.push(db.prepare('UPDATE pages SET funnel_id = ?1, step_id = ?2, updated_at = ?4 WHERE id = ?3').bind(doc.id, step.id, step.pageId, now));
      }
    });
    return statements;
  },
  async remove(db, funnelId, now) {
    await assertUnused(db, `Funnel ${funnelId}`, [
      { sql: 'SELECT count(*) AS n FROM domains WHERE funnel_id = ?', id: funnelId, label: 'domain(s)' },
      { sql: 'SELECT count(*) AS n FROM products WHERE funnel_id = ?', id: funnelId, label: 'product(s)' },
      { sql: 'SELECT count(*) AS n FROM experiments WHERE funnel_id = ?', id: funnelId, label: 'experiment(s)' },
    ]);
    return [
      db.prepare('UPDATE pages SET funnel_id = NULL, step_id = NULL, updated_at = ?2 WHERE funnel_id = ?1').bind(funnelId, now),
      db.prepare('DELETE FROM funnel_steps WHERE funnel_id = ?').bind(funnelId),
      db.prepare('DELETE FROM funnels WHERE id = ?').bind(funnelId),
    ];
  },
  async pagesAffected(db, funnelId) {
    const rows = await db.prepare('SELECT page_id AS id FROM funnel_steps WHERE funnel_id = ? AND page_id IS NOT NULL').bind(funnelId).all<{ id: string }>();
    return rows.results.map((r) => r.id);
  },
});
