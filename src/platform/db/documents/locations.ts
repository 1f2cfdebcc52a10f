/** Locations: the seller a document belongs to. Removing one is refused while it holds documents. */
import { id } from '../../../schemas/common';
import { type LocationDocument, locationDocument } from '../../../schemas/location';
import { assertUnused, defineKind, idsOf, json } from './kind';

const OWNED: { table: string; label: string }[] = [
  { table: 'domains', label: 'domain(s)' },
  { table: 'funnels', label: 'funnel(s)' },
  { table: 'pages', label: 'page(s)' },
  { table: 'products', label: 'product(s)' },
  { table: 'forms', label: 'form(s)' },
  { table: 'surveys', label: 'survey(s)' },
  { table: 'calendar_providers', label: 'calendar provider(s)' },
  { table: 'calendars', label: 'calendar(s)' },
];

export const locationKind = defineKind<LocationDocument>({
  table: 'locations',
  idColumn: 'id',
  label: 'Location',
  schema: locationDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: () => [],
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO locations (id, name, country, timezone, currency, language, doc, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, country = excluded.country,
           timezone = excluded.timezone, currency = excluded.currency, language = excluded.language,
           doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.name, doc.country, doc.timezone, doc.currency, doc.language, json(doc), now),
  ],
  async remove(db, locationId) {
    await assertUnused(
      db,
      `Location ${locationId}`,
      OWNED.map((o) => ({ sql: `SELECT count(*) AS n FROM ${o.table} WHERE location_id = ?`, id: locationId, label: o.label })),
    );
    return [db.prepare('DELETE FROM locations WHERE id = ?').bind(locationId)];
  },
  // get_page carries the location's settings (language, time zone, country, payment key) in every page's data.
  pagesAffected: (db, locationId) => idsOf(db, 'SELECT id FROM pages WHERE location_id = ? AND published IS NOT NULL', locationId),
});
