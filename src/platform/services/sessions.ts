/**
 * Visitor sessions (requirements FUNNEL-CALLS session record): one per visit of a funnel, form, survey or
 * calendar, unless the page runs with notrack. A session the browser already holds is
 * kept when it belongs to the same location; otherwise a new one starts.
 */
import type { SessionKind } from '../../schemas/funnel-calls';
import { cryptoRandom, newFingerprint, newId, type RandomBytes } from '../../lib/ids';
import { ApiError } from '../http';

export interface SessionInput {
  locationId: string;
  kind: SessionKind;
  refId: string;
  name: string;
  fingerprint?: string | null;
  /** A session id the browser already holds. */
  sessionId?: string | null;
}

export interface Session {
  sessionId: string;
  sessionFingerprint: string;
}

/**
 * The tables each session kind may refer to; a session must name a thing of its location.
 * A funnel visit names its page (the page runtime's session record: requirements FUNNEL-CALLS "kind
 * 'funnel', page id, page name"); the opt-in and checkout calls name the funnel itself.
 */
const REF_TABLES: Record<SessionKind, readonly string[]> = {
  funnel: ['funnels', 'pages'],
  form: ['forms'],
  survey: ['surveys'],
  calendar: ['calendars'],
};

export async function assertSessionTarget(db: D1Database, locationId: string, kind: SessionKind, refId: string): Promise<void> {
  const sql = REF_TABLES[kind].map((table) => `SELECT 1 AS ok FROM ${table} WHERE id = ?1 AND location_id = ?2`).join(' UNION ALL ');
  const found = await db.prepare(sql).bind(refId, locationId).first();
  if (!found) throw new ApiError(404, `Unable to find ${kind}`);
}

/**
 * The browser's session when it is one of this location; else a new session and the
 * statement that records it, for callers that batch it with their own writes.
 */
export async function prepareSession(
  db: D1Database,
  input: SessionInput,
  now: number,
  random: RandomBytes = cryptoRandom,
): Promise<{ session: Session; statement?: D1PreparedStatement }> {
  if (input.sessionId) {
    const existing = await db
      .prepare('SELECT id, fingerprint FROM sessions WHERE id = ? AND location_id = ?')
      .bind(input.sessionId, input.locationId)
      .first<{ id: string; fingerprint: string | null }>();
    if (existing) return { session: { sessionId: existing.id, sessionFingerprint: existing.fingerprint ?? input.fingerprint ?? '' } };
  }
  const sessionId = newId('ss', random);
  const sessionFingerprint = input.fingerprint || newFingerprint(random);
  const statement = db
    .prepare('INSERT INTO sessions (id, location_id, kind, ref_id, name, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(sessionId, input.locationId, input.kind, input.refId, input.name, sessionFingerprint, now);
  return { session: { sessionId, sessionFingerprint }, statement };
}

/** Keeps the browser's session when it is one of this location, else records a new one. */
export async function ensureSession(db: D1Database, input: SessionInput, now: number, random: RandomBytes = cryptoRandom): Promise<Session> {
  const { session, statement } = await prepareSession(db, input, now, random);
  if (statement) await statement.run();
  return session;
}
