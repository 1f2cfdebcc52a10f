/** Seed data and request helpers of the widget API tests. */
import { env, SELF } from 'cloudflare:test';
import { type DefendedKind, FORM_TOKEN_FIELD, MIN_FILL_MS } from '../../src/lib/spam-defence';
import { TEST_CLOCK_HEADER } from '../../src/platform/clock';
import { issueFormToken } from '../../src/platform/services/form-token';

export const API = 'http://host.test/api';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely and assert on them.
export type Loose = Record<string, any>;

export async function seedLocation(id = 'loc_w', country = 'US', timezone = 'America/New_York'): Promise<void> {
  const doc = JSON.stringify({ id, name: 'Widget Co', email: 'hello@widget.test', phone: '+12025550100', stripePublishableKey: 'pk_test_123' });
  await env.DB.prepare('INSERT OR IGNORE INTO locations (id, name, country, timezone, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)')
    .bind(id, 'Widget Co', country, timezone, doc)
    .run();
}

export async function seedForm(doc: Record<string, unknown>): Promise<void> {
  await env.DB.prepare('INSERT INTO forms (id, location_id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)')
    .bind(doc.id, doc.locationId, doc.name, JSON.stringify(doc))
    .run();
}

export async function seedSurvey(doc: Record<string, unknown>): Promise<void> {
  await env.DB.prepare('INSERT INTO surveys (id, location_id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)')
    .bind(doc.id, doc.locationId, doc.name, JSON.stringify(doc))
    .run();
}

/** A multipart body: the `formData` JSON part plus file parts. */
export function multipart(formData: unknown, files: Record<string, File[]> = {}): FormData {
  const body = new FormData();
  body.set('formData', typeof formData === 'string' ? formData : JSON.stringify(formData));
  for (const [name, list] of Object.entries(files)) for (const file of list) body.append(name, file);
  return body;
}

/** The submission calls the spam defence guards, by path: the kind of their token, and the key naming the widget. */
const DEFENDED_PATHS: Record<string, { kind: DefendedKind; idKey: string }> = {
  '/form': { kind: 'form', idKey: 'formId' },
  '/survey': { kind: 'survey', idKey: 'formId' },
  '/appointment': { kind: 'calendar', idKey: 'calendar_id' },
};

/**
 * A form, survey or booking submission as the widget sends it: with a form token issued
 * long enough ago (the spam defence refuses a quicker submission). Bodies that already
 * carry a token, or are not a submission, are left as they are.
 */
export async function defended(body: FormData, kind: DefendedKind, idKey = 'formId'): Promise<FormData> {
  const raw = body.get('formData');
  let data: unknown;
  try {
    data = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    return body;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return body;
  const fields = data as Record<string, unknown>;
  const id = fields[idKey];
  if (typeof id !== 'string' || FORM_TOKEN_FIELD in fields) return body;
  const token = await issueFormToken(env, kind, id, Date.now() - MIN_FILL_MS - 1000);
  const out = new FormData();
  for (const [name, value] of body.entries()) if (name !== 'formData') out.append(name, value);
  // Spliced in as text: re-serialising a hostile payload (20,000 arrays deep) would overflow the stack.
  const rest = (raw as string).trim().slice(1);
  out.set('formData', `{${JSON.stringify(FORM_TOKEN_FIELD)}:${JSON.stringify(token)}${rest.trim() === '}' ? '' : ','}${rest}`);
  return out;
}

let visitor = 0;

/**
 * POSTs to the API. Submissions get a form token and come from their own visitor IP,
 * so tests about other rules do not run into the spam defence's rate limit.
 */
export async function post(path: string, body: BodyInit | Record<string, unknown> | undefined, headers: Record<string, string> = {}): Promise<Response> {
  const isJson = body !== undefined && !(body instanceof FormData) && typeof body === 'object' && !(body instanceof ArrayBuffer);
  const defence = DEFENDED_PATHS[path];
  const sent = defence && body instanceof FormData ? await defended(body, defence.kind, defence.idKey) : body;
  visitor += 1;
  return SELF.fetch(`${API}${path}`, {
    method: 'POST',
    headers: { ...(isJson ? { 'content-type': 'application/json' } : {}), 'cf-connecting-ip': `198.51.100.${visitor % 250}`, ...headers },
    body: isJson ? JSON.stringify(body) : (sent as BodyInit | undefined),
  });
}

export const get = (path: string) => SELF.fetch(`${API}${path}`);

/** Headers that make the worker answer as if it were `now` (the test clock, src/platform/clock.ts). */
export const at = (now: number): Record<string, string> => ({ [TEST_CLOCK_HEADER]: String(now) });

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

export const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
