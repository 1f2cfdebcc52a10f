/**
 * The opt-in (requirements FUNNEL-CALLS POST /contact, OPTIN-RULES rules): a visitor's contact details become a
 * contact of the location (one per email, or per phone without one), the funnel records an
 * optin event for the step, and the visitor's session is kept or started. Every check runs
 * before the writes, and the writes go in one D1 batch: all of them happen or none does,
 * so a failed opt-in can simply be sent again.
 */
import type { ContactPayload } from '../../schemas/funnel-calls';
import { cryptoRandom, newFingerprint, type RandomBytes } from '../../lib/ids';
import { asPhone } from '../../lib/validation/phone';
import { ApiError } from '../http';
import { type ContactRow, prepareContactWrite } from './contacts';
import { assertFunnelStep, funnelEventStatement } from './funnel-events';
import { type Funnel, getFunnel } from './funnels';
import { getLocation } from './locations';
import { prepareSession } from './sessions';

export interface OptinResult {
  contact: Record<string, string | null>;
  fingerprint: string;
  sessionFingerprint: string;
  sessionId: string;
}

/** A phone number valid for the location's country, as E.164 (the shared rule); empty stays empty. */
function phoneOf(phone: string, country: string): string | null {
  if (!phone) return null;
  const e164 = asPhone(phone, country);
  if (!e164) throw new ApiError(400, 'phone: Invalid phone number', 'phone');
  return e164;
}

/** When shipping is shown (an address is sent), zip, country, city and state are required too. */
function assertShipping(p: ContactPayload): void {
  if (!p.address1) return;
  for (const field of ['city', 'state', 'postalCode', 'country'] as const) {
    if (!p[field]) throw new ApiError(400, `${field}: This field is required.`, field);
  }
}

async function funnelOf(db: D1Database, funnelId: string | undefined, locationId: string): Promise<Funnel | null> {
  if (!funnelId) return null;
  const funnel = await getFunnel(db, funnelId);
  if (!funnel || funnel.locationId !== locationId) throw new ApiError(404, 'Funnel not found');
  return funnel;
}

/** Sticky contact: without email or phone, a visitor known by fingerprint updates their own contact. */
async function stickyKey(db: D1Database, p: ContactPayload, phone: string | null) {
  if (p.email || phone || !p.fingerprint || p.forceCreate) return { email: p.email || null, phone };
  const known = await db
    .prepare('SELECT email, phone FROM contacts WHERE location_id = ? AND fingerprint = ? ORDER BY updated_at DESC LIMIT 1')
    .bind(p.location_id, p.fingerprint)
    .first<{ email: string | null; phone: string | null }>();
  return { email: known?.email ?? null, phone: known?.phone ?? null };
}

export async function submitOptin(db: D1Database, p: ContactPayload, now: number, random: RandomBytes = cryptoRandom): Promise<OptinResult> {
  const location = await getLocation(db, p.location_id);
  if (!location) throw new ApiError(404, 'Location not found');
  const phone = phoneOf(p.phone, location.country);
  assertShipping(p);
  const event = p.funneEventData;
  const funnel = await funnelOf(db, p.funnel_id ?? event?.funnel_id, location.id);
  if (p.page_id && !(await db.prepare('SELECT 1 AS ok FROM pages WHERE id = ? AND location_id = ?').bind(p.page_id, location.id).first())) {
    throw new ApiError(404, 'Page not found');
  }
  if (event) {
    if (event.funnel_id !== funnel?.id) throw new ApiError(400, 'funneEventData.funnel_id: must be the funnel of the page');
    await assertFunnelStep(db, event.funnel_id, event.funnel_step_id, event.page_id);
  }

  const fingerprint = p.fingerprint ?? event?.fingerprint ?? newFingerprint(random);
  const key = await stickyKey(db, p, phone);
  const contact = await prepareContactWrite(
    db,
    {
      locationId: location.id,
      email: key.email,
      phone: phone ?? key.phone,
      fullName: p.name,
      companyName: p.companyName,
      address1: p.address1,
      city: p.city,
      state: p.state,
      country: p.country,
      postalCode: p.postalCode,
      source: p.source || funnel?.name || 'funnel',
      fingerprint,
      isLead: p.lead,
      emailValidation: p.session_d ?? null,
    },
    now,
    random,
  );
  const { session, statement: sessionStatement } = funnel
    ? await prepareSession(
        db,
        { locationId: location.id, kind: 'funnel', refId: funnel.id, name: funnel.name, fingerprint: p.sessionFingerprint, sessionId: p.sessionId },
        now,
        random,
      )
    : { session: { sessionId: p.sessionId ?? '', sessionFingerprint: p.sessionFingerprint ?? '' }, statement: undefined };
  const eventStatement = event
    ? funnelEventStatement(
        db,
        {
          funnelId: event.funnel_id,
          stepId: event.funnel_step_id,
          pageId: event.page_id,
          eventType: 'optin',
          domainName: event.domain_name,
          pageUrl: event.page_url,
          fingerprint,
          data: p.eventData,
        },
        now,
        undefined,
        contact.idSql,
      )
    : undefined;
  const read = db.prepare(`SELECT * FROM contacts WHERE id = ${contact.idSql.sql}`).bind(...contact.idSql.params);
  const results = await db.batch([contact.statement, ...(sessionStatement ? [sessionStatement] : []), ...(eventStatement ? [eventStatement] : []), read]);
  const row = (results.at(-1)?.results[0] ?? null) as ContactRow | null;
  if (!row) throw new Error('the opt-in batch stored no contact');
  const id = row.id;
  return {
    contact: {
      id,
      email: row.email,
      name: row?.full_name ?? null,
      firstName: row?.first_name ?? null,
      lastName: row?.last_name ?? null,
      phone: row?.phone ?? null,
      companyName: row?.company_name ?? null,
      address1: row?.address1 ?? null,
      city: row?.city ?? null,
      state: row?.state ?? null,
      country: row?.country ?? null,
      postalCode: row?.postal_code ?? null,
    },
    fingerprint: row?.fingerprint ?? fingerprint,
    ...session,
  };
}
