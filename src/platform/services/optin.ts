/**
 * The opt-in (requirements FUNNEL-CALLS POST /contact, OPTIN-RULES rules): a visitor's contact details become a
 * contact of the location (one per email, or per phone without one), the funnel records an
 * optin event for the step, and the visitor's session is kept or started. Every check runs
 * before the writes, and the writes go in one D1 batch: all of them happen or none does,
 * so a failed opt-in can simply be sent again. The batch holds the contact.created or
 * contact.updated webhook event too (../webhooks/outbox.ts).
 *
 * A fingerprint is no secret (a readable cookie, echoed by several answers), so it never
 * finds or changes a stored contact: only an email or phone the visitor typed does. The
 * answer carries what the caller sent and the ids the page needs, never the stored
 * contact's other fields; the sticky contact lives in the visitor's own browser storage.
 */
import { experimentTag, type VariantCookies } from './experiment-tags';
import type { ContactPayload } from '../../schemas/funnel-calls';
import { cryptoRandom, newFingerprint, type RandomBytes } from '../../lib/ids';
import { asPhone } from '../../lib/validation/phone';
import { ApiError } from '../http';
import { contactEvent, outboxBatch } from '../webhooks/outbox';
import { requestTouches } from './attribution';
import type { ConsentVisitor } from './consent';
import { prepareContactWrite } from './contacts';
import { optinConsent } from './order-consent';
import { assertFunnelStep, funnelEventStatement } from './funnel-events';
import { type Funnel, getFunnel } from './funnels';
import { getLocation } from './locations';
import { prepareSession } from './sessions';
import { stickyContactId, withStickyToken } from './visitor-claims';
import type { SigningSecrets } from '../secrets';

/** What the request tells beyond its payload: its Cookie header (the attribution cookies). */
export interface OptinVisit {
  cookie?: string | null;
  /** Who sent it (CF-Connecting-IP, User-Agent, Accept-Language), for the consent record. */
  visitor?: ConsentVisitor;
  /** The visitor's split-test cookies, whose variant the opt-in event carries (./experiment-tags.ts). */
  variantCookies?: VariantCookies;
  /** The server's signing secrets: the sticky contact's token is checked and given with them (./visitor-claims.ts). */
  secrets?: SigningSecrets;
}

export interface OptinResult {
  /** The contact's id and the fields of this request, never what was stored before. */
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

export async function submitOptin(
  db: D1Database,
  p: ContactPayload,
  now: number,
  random: RandomBytes = cryptoRandom,
  visit: OptinVisit = {},
): Promise<OptinResult> {
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
  const email = p.email.trim().toLowerCase() || null;
  const contact = await prepareContactWrite(
    db,
    {
      locationId: location.id,
      email,
      phone,
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
      touches: requestTouches(visit.cookie, p.eventData, now),
      // Without email or phone, the visitor's proven sticky contact is the one (as on the widgets).
      stickyId: await stickyContactId(db, visit.secrets ?? {}, location.id, p),
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
  const tag = event ? await experimentTag(db, visit.variantCookies, { funnelId: event.funnel_id, stepId: event.funnel_step_id }) : null;
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
          experimentId: tag?.experimentId ?? null,
          variantId: tag?.variantId ?? null,
        },
        now,
        undefined,
        contact.idSql,
      )
    : undefined;
  const consent = await optinConsent(
    {
      db,
      locationId: location.id,
      pageId: p.page_id ?? event?.page_id,
      box: p.consent,
      pageUrl: p.eventData.page_url,
      visitor: visit.visitor ?? { ip: null, userAgent: null, language: null },
      now,
    },
    contact.idSql,
  );
  const results = await db.batch([
    contact.statement,
    ...(sessionStatement ? [sessionStatement] : []),
    ...(eventStatement ? [eventStatement] : []),
    ...consent,
    ...outboxBatch(db, [contactEvent(contact)], now, random),
  ]);
  const id = (results[0]?.results[0] as { id?: string } | undefined)?.id;
  if (!id) throw new Error('the opt-in batch stored no contact');
  // The browser keeps the contact with its token (sticky_token) to claim it next time.
  const answered = await withStickyToken(visit.secrets ?? {}, location.id, sentContact(id, p, email, phone));
  return { contact: answered as OptinResult['contact'], fingerprint, ...session };
}

/** What the answer says of the contact: its id and what this request sent, normalised as stored. */
function sentContact(id: string, p: ContactPayload, email: string | null, phone: string | null): OptinResult['contact'] {
  const sent = (value: string) => value || null;
  return {
    id,
    email,
    name: sent(p.name),
    phone,
    companyName: sent(p.companyName),
    address1: sent(p.address1),
    city: sent(p.city),
    state: sent(p.state),
    country: sent(p.country),
    postalCode: sent(p.postalCode),
  };
}
