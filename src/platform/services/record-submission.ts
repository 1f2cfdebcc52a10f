/**
 * Recording an accepted form or survey submission: the files go to R2, then the contact,
 * the submission, its uploads, its consent record (./consent.ts), (inside a funnel) the
 * opt-in event, and its webhook events (contact and submission, ../webhooks/outbox.ts) are
 * written in ONE D1 batch, all or nothing (objects are removed again if the batch fails).
 * A submission whose idempotency key was stored before answers what the first one answered, and
 * writes nothing: a retry, double click or replay stores one submission and one contact.
 * The same batch claims the submission's form token (./form-token.ts), so a token serves
 * one submission.
 */
import { type ExperimentTag, experimentTag, type RecordPlace } from './experiment-tags';
import { newId } from '../../lib/ids';
import { ApiError } from '../http';
import type { VerifiedPayment } from './booking-payment';
import { paymentStatement } from './form-payment';
import { type ContactInput, contactIdByPhone, findContactByEmail, prepareContactWrite } from './contacts';
import { FORM_TOKEN_FIELD } from '../../lib/spam-defence';
import { submissionConsent } from './consent';
import { claimFormToken, isTokenClaimed, tokenUsedError } from './form-token';
import { funnelEventStatement } from './funnel-events';
import type { PreparedSubmission, SubmitEnv, SubmitRequest } from './submissions';
import { idempotencyKeyOf, submissionRows } from './submissions';
import { discardUploads, storeUploads, uploadRows } from './uploads';
import { contactEvent, type OutboxEvent, outboxBatch } from '../webhooks/outbox';

/** The form.submitted or survey.submitted webhook event of a submission (a survey's says whether it disqualified). */
function submittedEvent(kind: string, id: string, disqualified: boolean | undefined): OutboxEvent {
  return kind === 'survey'
    ? { type: 'survey.submitted', kind: 'submission', recordId: id, detail: { disqualified: Boolean(disqualified) } }
    : { type: 'form.submitted', kind: 'submission', recordId: id };
}

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
  /** The visitor's session and fingerprints as the first answer gave them. */
  fingerprint: string;
  sessionId: string;
  sessionFingerprint: string;
  values: Record<string, unknown>;
  /** True when this answers an earlier submission with the same idempotency key. */
  replayed: boolean;
}

interface StoredRow {
  id: string;
  contact_id: string | null;
  data: string;
}

function fromStored(row: StoredRow): Recorded {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    id: row.id,
    contact: (data.contact as Record<string, unknown> | undefined) ?? { id: row.contact_id },
    fingerprint: text(data.fingerprint),
    sessionId: text(data.sessionId),
    sessionFingerprint: text(data.sessionFingerprint),
    values: (data.values as Record<string, unknown> | undefined) ?? {},
    replayed: true,
  };
}

/** The submission stored earlier under this idempotency key, if any. */
export async function storedSubmission(db: D1Database, kind: string, refId: string, key: string | null): Promise<Recorded | null> {
  if (!key) return null;
  const row = await db
    .prepare('SELECT id, contact_id, data FROM submissions WHERE kind = ? AND ref_id = ? AND idempotency_key = ?')
    .bind(kind, refId, key)
    .first<StoredRow>();
  return row ? fromStored(row) : null;
}

/** Where a submission was made: the funnel and step its page reported (funneEventData), when it did. */
export function placeOf(req: SubmitRequest): RecordPlace {
  const data = req.payload.funneEventData as Record<string, unknown> | undefined;
  const text = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
  return { funnelId: text(data?.funnel_id), stepId: text(data?.funnel_step_id) };
}

/** The opt-in event of a submission made inside a funnel page, when its step checks out. */
function optinEvent(env: SubmitEnv, req: SubmitRequest, prepared: PreparedSubmission, contactId: string | null, tag: ExperimentTag | null) {
  const place = prepared.place;
  if (!place) return [];
  const data = req.payload.funneEventData as Record<string, unknown> | undefined;
  const text = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
  const event = {
    ...place,
    eventType: 'optin' as const,
    domainName: text(data?.domain_name),
    pageUrl: text(data?.page_url),
    fingerprint: prepared.fingerprint,
    contactId,
    data: { source: req.kind },
    experimentId: tag?.experimentId ?? null,
    variantId: tag?.variantId ?? null,
  };
  return [funnelEventStatement(env.db, event, env.now)];
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed: submissions/i.test(String((err as Error)?.message ?? err));

/** Writes a prepared form or survey submission and answers its id and contact. */
export async function recordSubmission(
  env: SubmitEnv,
  req: SubmitRequest,
  prepared: PreparedSubmission,
  row: { refId: string; disqualified?: boolean },
  /** A form's card payment, verified with the provider: stored on the submission, one setup per submission. */
  payment: VerifiedPayment | null = null,
): Promise<Recorded> {
  const key = idempotencyKeyOf(req.payload);
  const earlier = await storedSubmission(env.db, req.kind, row.refId, key);
  if (earlier) return earlier;
  const email = prepared.contact.email;
  const known = email
    ? ((await findContactByEmail(env.db, req.locationId, email))?.id ?? null)
    : prepared.contact.phone?.trim()
      ? await contactIdByPhone(env.db, req.locationId, prepared.contact.phone)
      : (prepared.contact.stickyId ?? null);
  const contact = await prepareContactWrite(env.db, prepared.contact, env.now, env.random);
  const id = newId('sub', env.random);
  const snapshot = (contactId: string) => submittedContact(contactId, prepared.contact);
  const contactId = known ?? contact.newId;
  const tag = await experimentTag(env.db, env.variantCookies, placeOf(req));
  await storeUploads(env.bucket, prepared.uploads);
  try {
    await env.db.batch([
      contact.statement,
      ...submissionRows(env, req, prepared, { ...row, id, contactId: null, contactSql: contact.idSql, extra: { contact: snapshot(contactId) }, tag }),
      ...uploadRows(env.db, prepared.uploads, prepared.uploadSource, id, env.now),
      ...(payment ? [paymentStatement(env.db, id, payment)] : []),
      ...optinEvent(env, req, prepared, contactId, tag),
      ...(await submissionConsent(env, req, prepared.values, {
        kind: req.kind === 'survey' ? 'survey' : 'form',
        id,
        contact: contact.idSql,
        document: { table: req.kind === 'survey' ? 'surveys' : 'forms', id: row.refId },
      })),
      ...claimFormToken(env.db, req.kind, row.refId, req.payload[FORM_TOKEN_FIELD], key),
      ...outboxBatch(env.db, [contactEvent(contact), submittedEvent(req.kind, id, row.disqualified)], env.now, env.random),
    ]);
  } catch (err) {
    await discardUploads(env.bucket, prepared.uploads);
    // A concurrent twin with the same key won the race: answer what it stored.
    const twin = isUniqueViolation(err) || isTokenClaimed(err) ? await storedSubmission(env.db, req.kind, row.refId, key) : null;
    if (twin) return twin;
    if (/submissions\.setup_intent_id/.test(String((err as Error)?.message))) {
      throw new ApiError(409, 'This card setup has already paid for a submission. Please enter your card again.');
    }
    // Another submission with the same token (another key) won it.
    if (isTokenClaimed(err)) throw tokenUsedError();
    throw err;
  }
  return {
    id,
    contact: snapshot(contactId),
    fingerprint: prepared.fingerprint,
    sessionId: prepared.sessionId,
    sessionFingerprint: prepared.sessionFingerprint,
    values: prepared.values,
    replayed: false,
  };
}
