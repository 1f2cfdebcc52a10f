/**
 * Recording an accepted form or survey submission: the contact is upserted, the files go
 * to R2, then the submission, its uploads and a new session are written in one batch
 * (objects are removed again if the batch fails).
 */
import { newId } from '../../lib/ids';
import { type ContactInput, upsertContact } from './contacts';
import type { PreparedSubmission, SubmitEnv, SubmitRequest } from './submissions';
import { submissionRows } from './submissions';
import { discardUploads, storeUploads, uploadRows } from './uploads';

/**
 * The contact as the widget reads it back: its id and what this submission told us. The
 * stored contact may hold more (another visitor typed the same email before); that is
 * never sent to an anonymous visitor.
 */
export function submittedContact(id: string, input: ContactInput): Record<string, unknown> {
  const out: Record<string, unknown> = { id, locationId: input.locationId };
  for (const [key, value] of Object.entries(SEED_NAMES)) {
    const given = input[key as keyof ContactInput];
    if (given !== undefined && given !== null) out[value] = given;
  }
  return out;
}

const SEED_NAMES: Partial<Record<keyof ContactInput, string>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  fullName: 'full_name',
  email: 'email',
  phone: 'phone',
  companyName: 'company_name',
  address1: 'address1',
  city: 'city',
  state: 'state',
  country: 'country',
  postalCode: 'postal_code',
  website: 'website',
  dateOfBirth: 'date_of_birth',
  timezone: 'timezone',
  customFields: 'customFields',
};

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
  return { id, contact: submittedContact(contact.id, prepared.contact) };
}
