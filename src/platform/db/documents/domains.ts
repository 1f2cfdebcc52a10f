/**
 * Domains: a host name that serves one funnel of a location. The host is the id. Changing
 * which funnel a host serves changes what its paths show, so the pages of the old and the
 * new funnel are affected.
 */
import { hostName } from '../../../schemas/common';
import { type DomainDocument, domainDocument } from '../../../schemas/location';
import { defineKind, json } from './kind';

export const domainKind = defineKind<DomainDocument>({
  table: 'domains',
  idColumn: 'host',
  label: 'Domain',
  schema: domainDocument,
  pathId: hostName,
  idOf: (doc) => doc.host,
  parents: (doc) => [
    { table: 'locations', id: doc.locationId, field: 'locationId' },
    { table: 'funnels', id: doc.funnelId, field: 'funnelId', owner: { column: 'location_id', id: doc.locationId } },
  ],
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO domains (host, location_id, funnel_id, robots_txt, doc, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
         ON CONFLICT (host) DO UPDATE SET location_id = excluded.location_id, funnel_id = excluded.funnel_id,
           robots_txt = excluded.robots_txt, doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.host, doc.locationId, doc.funnelId, doc.robotsTxt, json(doc), now),
  ],
  remove: async (db, host) => [db.prepare('DELETE FROM domains WHERE host = ?').bind(host)],
  async pagesAffected(db, host) {
    const rows = await db
      .prepare('SELECT DISTINCT s.page_id AS id FROM domains d JOIN funnel_steps s ON s.funnel_id = d.funnel_id WHERE d.host = ? AND s.page_id IS NOT NULL')
      .bind(host)
      .all<{ id: string }>();
    return rows.results.map((r) => r.id);
  },
});
