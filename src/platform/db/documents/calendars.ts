/**
 * Calendar providers (a person or team with a public page of services) and calendars (a
 * bookable service). Slugs are unique across all providers and all calendars; a calendar
 * with upcoming appointments is not removed.
 */
import { type CalendarDocument, type CalendarProviderDocument, calendarDocument, calendarProviderDocument } from '../../../schemas/calendar';
import { id } from '../../../schemas/common';
import { ApiError } from '../../http';
import { assertUnused, defineKind, idsOf, json, pagesNaming } from './kind';

async function assertSlugFree(db: D1Database, table: 'calendars' | 'calendar_providers', slugValue: string, ownId: string): Promise<void> {
  const row = await db.prepare(`SELECT id FROM ${table} WHERE slug = ? AND id != ?`).bind(slugValue, ownId).first<{ id: string }>();
  if (row) throw new ApiError(409, `slug: ${slugValue} is already used by ${row.id}`, 'slug');
}

export const calendarProviderKind = defineKind<CalendarProviderDocument>({
  table: 'calendar_providers',
  idColumn: 'id',
  label: 'Calendar provider',
  schema: calendarProviderDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [{ table: 'locations', id: doc.locationId, field: 'locationId' }],
  check: (db, doc) => assertSlugFree(db, 'calendar_providers', doc.slug, doc.id),
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO calendar_providers (id, location_id, slug, name, doc, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
         ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, slug = excluded.slug, name = excluded.name,
           doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.locationId, doc.slug, doc.name, json(doc), now),
  ],
  async remove(db, providerId) {
    await assertUnused(db, `Calendar provider ${providerId}`, [
      { sql: 'SELECT count(*) AS n FROM calendars WHERE provider_id = ?', id: providerId, label: 'calendar(s)' },
    ]);
    return [db.prepare('DELETE FROM calendar_providers WHERE id = ?').bind(providerId)];
  },
  // Pages with the provider's element, or with one of its calendars.
  pagesAffected: async (db, providerId) => pagesNaming(db, [providerId, ...(await idsOf(db, 'SELECT id FROM calendars WHERE provider_id = ?', providerId))]),
});

export const calendarKind = defineKind<CalendarDocument>({
  table: 'calendars',
  idColumn: 'id',
  label: 'Calendar',
  schema: calendarDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [
    { table: 'locations', id: doc.locationId, field: 'locationId' },
    { table: 'calendar_providers', id: doc.providerId, field: 'providerId', owner: { column: 'location_id', id: doc.locationId } },
    { table: 'forms', id: doc.form_id, field: 'form_id', owner: { column: 'location_id', id: doc.locationId } },
  ],
  check: (db, doc) => assertSlugFree(db, 'calendars', doc.slug, doc.id),
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO calendars (id, location_id, provider_id, slug, name, timezone, slot_duration, form_id, doc, date_added, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, coalesce(?10, ?11), ?11)
         ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, provider_id = excluded.provider_id,
           slug = excluded.slug, name = excluded.name, timezone = excluded.timezone, slot_duration = excluded.slot_duration,
           form_id = excluded.form_id, doc = excluded.doc, date_added = coalesce(?10, calendars.date_added),
           updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.locationId, doc.providerId, doc.slug, doc.name, doc.timezone, doc.slot_duration, doc.form_id, json(doc), doc.date_added ?? null, now),
  ],
  async remove(db, calendarId, now) {
    await assertUnused(db, `Calendar ${calendarId}`, [
      {
        sql: `SELECT count(*) AS n FROM appointments WHERE calendar_id = ? AND status != 'cancelled' AND end_time > ${Math.floor(now)}`,
        id: calendarId,
        label: 'upcoming appointment(s)',
      },
    ]);
    return [db.prepare('DELETE FROM calendars WHERE id = ?').bind(calendarId)];
  },
  // Pages with the calendar, and those with its provider's element (which lists its calendars).
  pagesAffected: async (db, calendarId) =>
    pagesNaming(db, [calendarId, ...(await idsOf(db, 'SELECT provider_id AS id FROM calendars WHERE id = ? AND provider_id IS NOT NULL', calendarId))]),
});
