/**
 * Recording an accepted form or survey submission: the contact is upserted, the files go
 * to R2, then the submission, its uploads and a new session are written in one batch
 * (objects are removed again if the batch fails).
 */
import { newId } from '../../lib/ids';
import { type ContactRow, getContact, upsertContact } from './contacts';
import type { PreparedSubmission, SubmitEnv, SubmitRequest } from './submissions';
import { submissionRows } from './submissions';
import { discardUploads, storeUploads, uploadRows } from './uploads';

/** The contact as the widgets read it back. */
export function contactView(row: ContactRow): Record<string, unknown> {
  let customFields: unknown = {};
  try {
    customFields = JSON.parse(row.custom_fields);
  } catch {
    customFields = {};
  }
  return {
    id: row.id,
    locationId: row.location_id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    address1: row.address1,
    city: row.city,
    state: row.state,
    country: row.country,
    postal_code: row.postal_code,
    website: row.website,
    date_of_birth: row.date_of_birth,
    timezone: row.timezone,
    customFields,
  };
}

export interface Recorded {
  id: string;
  contact: Record<string, unknown>;
}

/** Writes a prepared form or survey submission and answers its id and contact. */
export async function recordSubmission(
  env: SubmitEnv,
  req: SubmitRequest,
  prepared: PreparedSubmission,
  row: { refId: string; name: string; disqualified?: boolean },
): Promise<Recorded> {
  const contact = await upsertContact(env.db, prepared.contact, env.now, env.random);
  const id = newId('sub', env.random);
  await storeUploads(env.bucket, prepared.uploads);
  try {
    await env.db.batch([
      ...submissionRows(env, req, prepared, { ...row, id, contactId: contact.id }),
      ...uploadRows(env.db, prepared.uploads, prepared.uploadSource, id, env.now),
    ]);
  } catch (err) {
    await discardUploads(env.bucket, prepared.uploads);
    throw err;
  }
  const stored = await getContact(env.db, contact.id);
  return { id, contact: stored ? contactView(stored) : { id: contact.id } };
}
