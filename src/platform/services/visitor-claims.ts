/**
 * What a widget's submission says about the visitor beside their answers (requirements
 * WIDGET-DATA submit payload extras), read so that nobody can claim what is not theirs:
 *
 * - `contact_id`: the sticky contact the widget remembers. It counts only with its
 *   `contact_token`, the HMAC of `{locationId}:{contactId}` under the server's
 *   `sticky-contact` key, which the server handed to that visitor's browser with the
 *   contact (the answer's `contact.sticky_token`, or a booking's `contactToken`). A contact id
 *   alone, another location's, a forged or another contact's token, or a contact no longer
 *   stored is ignored: the submission is matched by its email or phone as if none was sent.
 * - `sessionId`: kept when it names a session of this location (the session call recorded
 *   it), with that session's fingerprint; else a new id.
 */
import { hmacSign, hmacVerify } from '../../lib/signing';
import { ID_PATTERN, newId, type RandomBytes } from '../../lib/ids';
import { type SigningSecrets, signingKey } from '../secrets';

const claim = (locationId: string, contactId: string) => `${locationId}:${contactId}`;

/** The token a visitor's browser keeps with its sticky contact (43 base64url characters). */
export function stickyContactToken(secrets: SigningSecrets, locationId: string, contactId: string): Promise<string> {
  return hmacSign(signingKey(secrets, 'sticky-contact'), claim(locationId, contactId));
}

/** The contact the submission may be attached to: its `contact_id` when its token proves it and the contact is this location's; else null. */
export async function stickyContactId(
  db: D1Database,
  secrets: SigningSecrets,
  locationId: string,
  payload: Readonly<Record<string, unknown>>,
): Promise<string | null> {
  const { contact_id: id, contact_token: token } = payload;
  if (typeof id !== 'string' || !ID_PATTERN.test(id) || typeof token !== 'string' || token.length > 100) return null;
  if (!(await hmacVerify(signingKey(secrets, 'sticky-contact'), claim(locationId, id), token))) return null;
  const row = await db.prepare('SELECT id FROM contacts WHERE id = ? AND location_id = ?').bind(id, locationId).first<{ id: string }>();
  return row?.id ?? null;
}

/** The visitor's session: the one sent, when it is a session of this location, else a new id. */
export async function submissionSession(
  db: D1Database,
  locationId: string,
  payload: Readonly<Record<string, unknown>>,
  fingerprint: string,
  random?: RandomBytes,
): Promise<{ sessionId: string; sessionFingerprint: string }> {
  const sent = payload.sessionId;
  const sentFingerprint = typeof payload.sessionFingerprint === 'string' && ID_PATTERN.test(payload.sessionFingerprint) ? payload.sessionFingerprint : null;
  if (typeof sent === 'string' && ID_PATTERN.test(sent)) {
    const row = await db
      .prepare('SELECT id, fingerprint FROM sessions WHERE id = ? AND location_id = ?')
      .bind(sent, locationId)
      .first<{ id: string; fingerprint: string | null }>();
    if (row) return { sessionId: row.id, sessionFingerprint: row.fingerprint ?? sentFingerprint ?? fingerprint };
  }
  return { sessionId: newId('ss', random), sessionFingerprint: sentFingerprint ?? fingerprint };
}

/** The contact of a submission's answer, with the token its browser keeps to claim it next time (`sticky_token`). */
export async function withStickyToken(secrets: SigningSecrets, locationId: string, contact: Record<string, unknown>): Promise<Record<string, unknown>> {
  return typeof contact.id === 'string' && contact.id ? { ...contact, sticky_token: await stickyContactToken(secrets, locationId, contact.id) } : contact;
}
