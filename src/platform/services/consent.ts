/**
 * Proof of consent (issue 27): when a submission showed consent boxes, one consent record
 * keeps what the visitor saw (the text as the stored document has it, never as the browser
 * sent it, and its SHA-256), which boxes were ticked, the versions of the form and page, where
 * it was filled in, and who sent it (IP as Cloudflare gives it, user agent, language). The
 * record's statement joins the batch of the submission it belongs to, so both are stored or
 * neither. Records are never updated: migration 0016 makes the database refuse an UPDATE.
 *
 * A consent box is a checkbox field without options: the widget renders it as one box
 * labelled with the field's placeholder or label (src/widgets/form/fields/choice-fields.tsx).
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { sha256Hex } from '../../lib/sha256';
import { cutText } from '../../lib/text';
import { fieldKey } from '../../lib/validation/fields';
import type { FormField } from '../../schemas/form';
import type { SubmitEnv, SubmitRequest } from './submissions';

export type ConsentSubjectKind = 'form' | 'survey' | 'calendar' | 'optin' | 'order';

/** One box as shown, and whether it was ticked. */
export interface ConsentCheck {
  field: string;
  label: string;
  checked: boolean;
}

/** Who sent the submission, from the request's headers. */
export interface ConsentVisitor {
  ip: string | null;
  userAgent: string | null;
  language: string | null;
}

const isConsentBox = (field: FormField) => field.type === 'checkbox' && !field.hidden && optionCount(field) === 0;

function optionCount(field: FormField): number {
  const raw = field.picklistOptions;
  if (Array.isArray(raw)) return raw.length;
  return typeof raw === 'string' && raw.trim() !== '' && raw.trim() !== '[]' ? 1 : 0;
}

const isTicked = (value: unknown) =>
  Array.isArray(value)
    ? value.some((x) => x !== '' && x !== 'false' && x !== false)
    : value === true || (typeof value === 'string' && value !== '' && value !== 'false');

/** The consent boxes of these fields with the text each showed and its state in `values`; empty when there are none. */
export function consentChecks(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): ConsentCheck[] {
  return fields.filter(isConsentBox).map((field) => ({
    field: fieldKey(field),
    label: field.placeholder || field.label || '',
    checked: isTicked(values[fieldKey(field)]),
  }));
}

/** The first language tag of an Accept-Language header ("de-DE,de;q=0.9" → "de-DE"). */
export function firstLanguage(header: string | null | undefined): string | null {
  const tag = (header ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : null;
}

export interface ConsentRecordInput {
  locationId: string;
  /** The contact: a value, or an expression reading it inside the same batch (./contacts.ts idSql). */
  contact: { sql: string; params: unknown[] };
  subjectKind: ConsentSubjectKind;
  /** The subject's id: a value, or (an opt-in's contact) an expression reading it inside the same batch. */
  subjectId: string | { sql: string; params: unknown[] };
  checks: readonly ConsentCheck[];
  formVersion: number | null;
  pageId: string | null;
  pageVersion: number | null;
  pageUrl: string | null;
  parentUrl: string | null;
  visitor: ConsentVisitor;
}

/** The INSERT of one consent record, for the subject's batch. The text is the boxes' labels, one per line. */
export async function consentStatement(db: D1Database, input: ConsentRecordInput, now: number, random?: RandomBytes): Promise<D1PreparedStatement> {
  const text = input.checks.map((c) => c.label).join('\n');
  const short = (x: string | null, max: number) => (x ? cutText(x, max) : null);
  const subject = typeof input.subjectId === 'string' ? { sql: '?', params: [input.subjectId] } : input.subjectId;
  return db
    .prepare(
      `INSERT INTO consent_records (id, contact_id, location_id, subject_kind, subject_id, text, text_sha256, form_version, page_id, page_version,
         page_url, parent_url, ip, user_agent, language, checks, created_at)
       VALUES (?, ${input.contact.sql}, ?, ?, ${subject.sql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      newId('cns', random),
      ...input.contact.params,
      input.locationId,
      input.subjectKind,
      ...subject.params,
      text,
      await sha256Hex(text),
      input.formVersion,
      input.pageId,
      input.pageVersion,
      short(input.pageUrl, 2000),
      short(input.parentUrl, 2000),
      short(input.visitor.ip, 64),
      short(input.visitor.userAgent, 500),
      input.visitor.language,
      JSON.stringify(input.checks),
      now,
    );
}

const textOf = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x : null);
const objectOf = (x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});

/** What a submission's consent record belongs to, and the stored document whose `updated_at` is the form's version. */
export interface SubmissionSubject {
  kind: ConsentSubjectKind;
  id: string;
  contact: { sql: string; params: unknown[] };
  document: { table: 'forms' | 'surveys'; id: string } | null;
}

/**
 * The consent record of a form, survey or booking submission, or nothing when its fields
 * have no consent box. Where it was filled in comes from what the widget sends: inside a
 * funnel the page and its URL; otherwise the widget's own URL, and when that is an embedded
 * widget, the page around it (`parent_url` if sent, else the iframe's referrer).
 */
export async function submissionConsent(
  env: SubmitEnv,
  req: SubmitRequest,
  values: Readonly<Record<string, unknown>>,
  subject: SubmissionSubject,
): Promise<D1PreparedStatement[]> {
  const checks = consentChecks(req.fields, values);
  if (checks.length === 0) return [];
  const event = objectOf(req.payload.eventData);
  const funnel = objectOf(req.payload.funneEventData);
  const doc = subject.document;
  const form = doc ? await env.db.prepare(`SELECT updated_at FROM ${doc.table} WHERE id = ?`).bind(doc.id).first<{ updated_at: number }>() : null;
  const pageId = textOf(funnel.page_id);
  const page = pageId
    ? await env.db
        .prepare('SELECT id, version FROM pages WHERE id = ? AND location_id = ?')
        .bind(pageId, req.locationId)
        .first<{ id: string; version: number }>()
    : null;
  const widgetUrl = textOf(event.page_url);
  const funnelUrl = textOf(funnel.page_url);
  const embedded = widgetUrl !== null && /\/widget\//.test(widgetUrl);
  return [
    await consentStatement(
      env.db,
      {
        locationId: req.locationId,
        contact: subject.contact,
        subjectKind: subject.kind,
        subjectId: subject.id,
        checks,
        formVersion: form?.updated_at ?? null,
        pageId: page?.id ?? null,
        pageVersion: page?.version ?? null,
        pageUrl: funnelUrl ? joinDomain(textOf(funnel.domain_name), funnelUrl) : widgetUrl,
        parentUrl: textOf(event.parent_url) ?? (embedded ? textOf(event.referrer) : null),
        visitor: { ip: env.remoteIp ?? null, userAgent: env.userAgent ?? null, language: env.language ?? null },
      },
      env.now,
      env.random,
    ),
  ];
}

/** A funnel page's URL: its path on its domain when the widget sent a path. */
function joinDomain(domain: string | null, url: string): string {
  return domain && url.startsWith('/') ? `https://${domain}${url}` : url;
}
