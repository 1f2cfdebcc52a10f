/**
 * The submission pipeline shared by forms, surveys and bookings: verify the captcha,
 * validate every value with the widgets' own field rules, read and check the files, and
 * map the answers onto the contact. Nothing is written until `prepareSubmission` has
 * accepted everything.
 */
import { type ExperimentTag, stepShowsPageSql, type VariantCookies } from './experiment-tags';
import { ID_PATTERN, newFingerprint, type RandomBytes } from '../../lib/ids';
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '../../lib/spam-defence';
import { asPhone } from '../../lib/validation/phone';
import { type FieldError, type FileInfo, fieldKey, validateFields } from '../../lib/validation/fields';
import type { ValidationMode } from '../../lib/validation/messages';
import type { FormField } from '../../schemas/form';
import type { Touches } from '../../lib/attribution';
import { requestTouches } from './attribution';
import { verifyTurnstile } from './captcha';
import type { ContactInput } from './contacts';
import type { TokenSecrets } from './form-token';
import type { RateLimits } from './spam-defence';
import { type PreparedUpload, prepareUploads, type UploadSource, uploadRefs } from './uploads';
import { stickyContactId, submissionSession } from './visitor-claims';
import { type WidgetPlace, widgetPlaceOf } from './widget-place';

export type SubmissionKind = 'form' | 'survey' | 'appointment';

export interface SubmitEnv {
  db: D1Database;
  bucket: R2Bucket;
  now: number;
  today: string;
  random?: RandomBytes;
  turnstileSecret?: string | undefined;
  /** Turnstile's siteverify URL when not Cloudflare's (TURNSTILE_VERIFY_URL). */
  turnstileUrl?: string | undefined;
  remoteIp?: string | null;
  /** The request's User-Agent, and the first tag of its Accept-Language (kept in consent records). */
  userAgent?: string | null;
  language?: string | null;
  /** The request's Cookie header: the edge's attribution cookies (./attribution.ts). */
  cookie?: string | null;
  fetcher?: typeof fetch;
  /** Keys of the spam-defence token (FORM_TOKEN_SECRET, else derived from ADMIN_TOKEN). */
  secrets?: TokenSecrets;
  limits?: RateLimits;
  /** The visitor's split-test variant cookies (./experiment-tags.ts): what their records are tagged with. */
  variantCookies?: VariantCookies;
}

export interface SubmitRequest {
  kind: SubmissionKind;
  locationId: string;
  country: string;
  fields: readonly FormField[];
  mode: ValidationMode;
  payload: Readonly<Record<string, unknown>>;
  files: Map<string, File[]>;
}

export interface PreparedSubmission {
  values: Record<string, unknown>;
  uploads: PreparedUpload[];
  uploadSource: UploadSource;
  contact: ContactInput;
  fingerprint: string;
  sessionFingerprint: string;
  /** The visitor's session: the one the widget sent, else a new id. */
  sessionId: string;
  /** The visitor's first and last touch (./attribution.ts). */
  touches: Touches;
  /** The funnel step whose page the widget was in, when its page context checks out. */
  place: FunnelPlace | null;
  /** The domain and page path the widget was filled in on (./widget-place.ts). */
  where: WidgetPlace;
}

/** A funnel, one of its steps and the step's page. */
export interface FunnelPlace {
  funnelId: string;
  stepId: string;
  pageId: string;
}

/**
 * The funnel step a widget inside a funnel page was filled in on (its page context, sent as
 * `funneEventData`), when that step is the funnel's, shows that page and is this location's;
 * else null: the context is visitor input, so an id is only kept once it checks out.
 */
export async function funnelPlaceOf(db: D1Database, locationId: string, payload: Readonly<Record<string, unknown>>): Promise<FunnelPlace | null> {
  const data = payload.funneEventData as Record<string, unknown> | undefined;
  const text = (x: unknown) => (typeof x === 'string' && x !== '' && x.length <= 120 ? x : null);
  const funnelId = text(data?.funnel_id);
  const stepId = text(data?.funnel_step_id);
  const pageId = text(data?.page_id);
  if (!funnelId || !stepId || !pageId) return null;
  const step = await db
    .prepare(
      // The step's own page, or a split-test variant's page served at the step.
      `SELECT 1 AS ok FROM funnel_steps s JOIN funnels f ON f.id = s.funnel_id
       WHERE s.id = ?1 AND s.funnel_id = ?2 AND ${stepShowsPageSql('s', '?3')} AND f.location_id = ?4`,
    )
    .bind(stepId, funnelId, pageId, locationId)
    .first();
  return step ? { funnelId, stepId, pageId } : null;
}

/** Answer tags that fill contact columns. */
const CONTACT_TAGS: Readonly<Record<string, keyof ContactInput>> = {
  first_name: 'firstName',
  last_name: 'lastName',
  full_name: 'fullName',
  name: 'fullName',
  email: 'email',
  phone: 'phone',
  country: 'country',
  address: 'address1',
  address1: 'address1',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  postalCode: 'postalCode',
  website: 'website',
  date_of_birth: 'dateOfBirth',
  organization: 'companyName',
  company_name: 'companyName',
  companyName: 'companyName',
};

/** Types whose answers are not contact data. */
const NOT_CUSTOM = new Set(['captcha', 'submit', 'payment', 'file_upload', 'signature', 'h1', 'img', 'html']);

const token = (x: unknown): string | undefined => (typeof x === 'string' && ID_PATTERN.test(x) ? x : undefined);

async function captchaVerdict(env: SubmitEnv, req: SubmitRequest): Promise<'verified' | 'failed' | 'unchecked'> {
  const field = req.fields.find((f) => f.type === 'captcha');
  if (!field || !env.turnstileSecret) return 'unchecked';
  const value = req.payload[fieldKey(field)] ?? req.payload['cf-turnstile-response'];
  const ok = await verifyTurnstile({
    secret: env.turnstileSecret,
    token: typeof value === 'string' ? value : '',
    remoteIp: env.remoteIp,
    fetcher: env.fetcher,
    url: env.turnstileUrl,
  });
  return ok ? 'verified' : 'failed';
}

function contactOf(req: SubmitRequest, values: Record<string, unknown>, fingerprint: string): ContactInput {
  const contact: ContactInput = { locationId: req.locationId, fingerprint, source: req.kind, customFields: {} };
  const custom: Record<string, unknown> = {};
  for (const field of req.fields) {
    const key = fieldKey(field);
    const value = values[key];
    if (value === undefined || NOT_CUSTOM.has(field.type) || key === 'calendar_notes') continue;
    const column = CONTACT_TAGS[key];
    if (column && typeof value === 'string') (contact as unknown as Record<string, unknown>)[column] = value;
    else custom[key] = value;
  }
  contact.customFields = custom;
  return contact;
}

/** A hidden field the browser did not send takes its default (requirements FIELD-RULES). */
function withHiddenDefaults(fields: readonly FormField[], payload: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const missing = fields.filter((f) => f.hidden && fieldKey(f) && payload[fieldKey(f)] === undefined && f.hiddenFieldValue !== undefined);
  if (missing.length === 0) return payload;
  return { ...payload, ...Object.fromEntries(missing.map((f) => [fieldKey(f), f.hiddenFieldValue])) };
}

/** The submission's idempotency key, when it carries a well-formed one. */
export function idempotencyKeyOf(payload: Readonly<Record<string, unknown>>): string | null {
  const key = payload[IDEMPOTENCY_FIELD];
  return typeof key === 'string' && IDEMPOTENCY_PATTERN.test(key) ? key : null;
}

/** Validates a submission completely; answers what to store, or the field errors. */
export async function prepareSubmission(env: SubmitEnv, req: SubmitRequest): Promise<PreparedSubmission | { errors: FieldError[] }> {
  const fileFields = req.fields.filter((f) => f.type === 'file_upload' || f.type === 'signature').map(fieldKey);
  const files = new Map<string, File[]>();
  for (const key of fileFields) {
    // A file input left empty still sends a part: no name, no bytes.
    const list = (req.files.get(key) ?? []).filter((f) => f.name !== '' || f.size > 0);
    if (list.length) files.set(key, list);
  }
  const infos = (key: string): FileInfo[] => (files.get(key) ?? []).map((f) => ({ name: f.name, size: f.size }));
  const captcha = await captchaVerdict(env, req);
  const answers = withHiddenDefaults(req.fields, req.payload);
  const checked = validateFields(req.fields, answers, { mode: req.mode, country: req.country, today: env.today, files: infos, captcha, phone: asPhone });
  if (checked.errors.length > 0) return { errors: checked.errors };

  const signatures = new Map<string, string>();
  for (const field of req.fields) {
    const key = fieldKey(field);
    if (field.type === 'signature' && typeof checked.values[key] === 'string') {
      signatures.set(key, checked.values[key] as string);
      delete checked.values[key];
    }
  }
  const signatureFields = new Set(req.fields.filter((f) => f.type === 'signature').map(fieldKey));
  const uploadSource: UploadSource = { files, signatures, signatureFields, locationId: req.locationId, ownerKind: req.kind };
  const prepared = await prepareUploads(uploadSource, env.now, env.random);
  if ('error' in prepared) return { errors: [prepared.error] };
  const values = { ...checked.values, ...uploadRefs(prepared.uploads) };
  const fingerprint = token(req.payload.fingerprint) ?? newFingerprint(env.random);
  const touches = requestTouches(env.cookie, req.payload.eventData, env.now);
  // The sticky contact and the session count only when they are the visitor's own (./visitor-claims.ts).
  const stickyId = await stickyContactId(env.db, env.secrets ?? {}, req.locationId, req.payload);
  return {
    values,
    uploads: prepared.uploads,
    uploadSource,
    contact: { ...contactOf(req, values, fingerprint), touches, stickyId },
    touches,
    place: await funnelPlaceOf(env.db, req.locationId, req.payload),
    where: widgetPlaceOf(req.payload),
    fingerprint,
    ...(await submissionSession(env.db, req.locationId, req.payload, fingerprint, env.random)),
  };
}

/**
 * The statement recording a prepared submission, for one batch. Sessions are recorded by
 * the session call (skipped under notrack), so a submission only carries the visitor's
 * session id. `contactId` is a value, or `contactSql`, an expression that reads it inside
 * the batch (the contact written by an earlier statement of it).
 */
export function submissionRows(
  env: SubmitEnv,
  req: SubmitRequest,
  prepared: PreparedSubmission,
  row: {
    id: string;
    refId: string;
    contactId: string | null;
    contactSql?: { sql: string; params: unknown[] };
    disqualified?: boolean;
    extra?: Record<string, unknown>;
    /** The visitor's split test and variant (./experiment-tags.ts). */
    tag?: ExperimentTag | null;
  },
): D1PreparedStatement[] {
  const data = JSON.stringify({
    values: prepared.values,
    ...row.extra,
    fingerprint: prepared.fingerprint,
    sessionId: prepared.sessionId,
    sessionFingerprint: prepared.sessionFingerprint,
    eventData: req.payload.eventData ?? null,
    funneEventData: req.payload.funneEventData ?? null,
  });
  const contact = row.contactSql ?? { sql: '?', params: [row.contactId] };
  return [
    env.db
      .prepare(
        `INSERT INTO submissions (id, kind, ref_id, location_id, contact_id, disqualified, data, created_at, idempotency_key,
           funnel_id, step_id, first_touch, last_touch, experiment_id, variant_id, domain, page_url)
         VALUES (?, ?, ?, ?, ${contact.sql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.id,
        req.kind,
        row.refId,
        req.locationId,
        ...contact.params,
        row.disqualified ? 1 : 0,
        data,
        env.now,
        idempotencyKeyOf(req.payload),
        prepared.place?.funnelId ?? null,
        prepared.place?.stepId ?? null,
        prepared.touches.first,
        prepared.touches.last,
        row.tag?.experimentId ?? null,
        row.tag?.variantId ?? null,
        prepared.where.domain,
        prepared.where.pageUrl,
      ),
  ];
}
