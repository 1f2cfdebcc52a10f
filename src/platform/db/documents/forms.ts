/** Forms and surveys: stored whole; calendars may use a form as their booking form. */
import { id } from '../../../schemas/common';
import { type FormDocument, formDocument } from '../../../schemas/form';
import { type SurveyDocument, surveyDocument } from '../../../schemas/survey';
import { assertUnused, defineKind, idsOf, json, pagesNaming } from './kind';

export const formKind = defineKind<FormDocument>({
  table: 'forms',
  idColumn: 'id',
  label: 'Form',
  schema: formDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [{ table: 'locations', id: doc.locationId, field: 'locationId' }],
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
         ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, name = excluded.name, doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.locationId, doc.name, json(doc), now),
  ],
  async remove(db, formId) {
    await assertUnused(db, `Form ${formId}`, [{ sql: 'SELECT count(*) AS n FROM calendars WHERE form_id = ?', id: formId, label: 'calendar(s)' }]);
    return [db.prepare('DELETE FROM forms WHERE id = ?').bind(formId)];
  },
  // Pages with the form, and those with a calendar that books through it.
  pagesAffected: async (db, formId) => pagesNaming(db, [formId, ...(await idsOf(db, 'SELECT id FROM calendars WHERE form_id = ?', formId))]),
});

export const surveyKind = defineKind<SurveyDocument>({
  table: 'surveys',
  idColumn: 'id',
  label: 'Survey',
  schema: surveyDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [{ table: 'locations', id: doc.locationId, field: 'locationId' }],
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO surveys (id, location_id, name, doc, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
         ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, name = excluded.name, doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(doc.id, doc.locationId, doc.name, json(doc), now),
  ],
  remove: async (db, surveyId) => [db.prepare('DELETE FROM surveys WHERE id = ?').bind(surveyId)],
  pagesAffected: (db, surveyId) => pagesNaming(db, [surveyId]),
});
