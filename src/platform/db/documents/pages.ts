/**
 * Pages. A PUT stores the document as the page's draft; publishing copies the draft to
 * `published` and bumps the version (see publishPage). A page is linked to the funnel step
 * whose `pageId` names it, whichever of the two is stored first.
 */
import * as v from 'valibot';
import { id } from '../../../schemas/common';
import { pageDocument } from '../../../schemas/page';
import { designIssue } from '../../../lib/validation/design-checks';
import { ApiError } from '../../http';
import { assertUnused, defineKind, json } from './kind';

/** The shared, tolerant page schema, with the ids that become keys and columns held to the id pattern. */
const storedPage = v.looseObject({
  ...pageDocument.entries,
  id: v.optional(id),
  pageId: v.optional(id),
  locationId: id,
  funnelId: v.optional(v.nullable(id)),
  stepId: v.optional(v.nullable(id)),
});
type PageDocument = v.InferOutput<typeof storedPage>;

/** The page id of a document: `pageId` (requirements DOC-LAYOUT), or `id` when only that is given. */
function pageIdOf(doc: PageDocument): string {
  return (doc.pageId ?? doc.id) as string;
}

/** A page document as the admin API stores it: `id`, when given, must agree with `pageId`. */
export const adminPageDocument = v.pipe(
  storedPage,
  v.check((doc) => {
    return doc.id === undefined || doc.pageId === undefined || doc.id === doc.pageId;
  }, 'id and pageId differ'),
  v.check((doc) => typeof pageIdOf(doc) === 'string', 'pageId: is required'),
  // The seed's font and colour checks (requirements OPTIN-RULES-8).
  v.rawCheck(({ dataset, addIssue }) => {
    const issue = dataset.typed ? designIssue(dataset.value as Record<string, unknown>) : null;
    if (issue) addIssue({ message: issue });
  }),
);

export const pageKind = defineKind<PageDocument>({
  table: 'pages',
  idColumn: 'id',
  label: 'Page',
  schema: adminPageDocument,
  pathId: id,
  idOf: pageIdOf,
  parents: (doc) => [
    { table: 'locations', id: doc.locationId, field: 'locationId' },
    { table: 'funnels', id: doc.funnelId, field: 'funnelId', owner: { column: 'location_id', id: doc.locationId } },
    ...(doc.funnelId ? [{ table: 'funnel_steps' as const, id: doc.stepId, field: 'stepId', owner: { column: 'funnel_id' as const, id: doc.funnelId } }] : []),
  ],
  async check(db, doc) {
    const pageId = pageIdOf(doc);
    const step = await db
      .prepare('SELECT f.location_id FROM funnel_steps s JOIN funnels f ON f.id = s.funnel_id WHERE s.page_id = ?')
      .bind(pageId)
      .first<{ location_id: string }>();
    if (step && step.location_id !== doc.locationId)
      throw new ApiError(409, `locationId: page ${pageId} is a step of a funnel of another location`, 'locationId');
  },
  write(db, doc, now) {
    const pageId = pageIdOf(doc);
    return [
      db
        .prepare(
          `INSERT INTO pages (id, location_id, funnel_id, step_id, name, draft, version, updated_at)
           VALUES (?1, ?2, (SELECT funnel_id FROM funnel_steps WHERE page_id = ?1 LIMIT 1),
             (SELECT id FROM funnel_steps WHERE page_id = ?1 LIMIT 1), ?3, ?4, 0, ?5)
           ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, funnel_id = excluded.funnel_id,
             step_id = excluded.step_id, name = excluded.name, draft = excluded.draft, updated_at = excluded.updated_at`,
        )
        .bind(pageId, doc.locationId, doc.pageName ?? '', json(doc), now),
    ];
  },
  async remove(db, pageId) {
    await assertUnused(db, `Page ${pageId}`, [
      { sql: 'SELECT count(*) AS n FROM funnel_steps WHERE page_id = ?', id: pageId, label: 'funnel step(s) (change the funnel first)' },
      {
        sql: "SELECT count(DISTINCT e.id) AS n FROM experiments e, json_each(e.doc, '$.variants') AS v WHERE json_extract(v.value, '$.pageId') = ?",
        id: pageId,
        label: 'experiment(s)',
      },
    ]);
    return [db.prepare('DELETE FROM pages WHERE id = ?').bind(pageId)];
  },
  pagesAffected: async (_db, pageId) => [pageId],
});

/** What publishing a page answers. */
export interface PublishResult {
  id: string;
  version: number;
  publishedAt: number;
}

/** Copies a page's draft to its published copy and bumps its version; 404 when there is no such page. */
export async function publishPage(db: D1Database, pageId: string, now: number): Promise<PublishResult> {
  // A draft stored before the font and colour checks is held to them too.
  const draft = await db.prepare('SELECT draft FROM pages WHERE id = ?').bind(pageId).first<{ draft: string }>();
  const issue = draft ? designIssue(JSON.parse(draft.draft) as Record<string, unknown>) : null;
  if (issue) throw new ApiError(400, issue);
  const row = await db
    .prepare('UPDATE pages SET published = draft, version = version + 1, published_at = ?2, updated_at = ?2 WHERE id = ?1 RETURNING version')
    .bind(pageId, now)
    .first<{ version: number }>();
  if (!row) throw new ApiError(404, `Page ${pageId} does not exist`);
  return { id: pageId, version: row.version, publishedAt: now };
}
