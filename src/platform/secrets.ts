/*
 * The server's signing keys, one per purpose, all derived from one secret: SIGNING_SECRET
 * (FORM_TOKEN_SECRET, its older name, is still read), else ADMIN_TOKEN (random per install,
 * written by `npm start`), else a random key per worker instance, so a fresh checkout still
 * signs, though its tokens last only until the instance restarts. A key of one purpose never
 * verifies another purpose's token (a form token is no manage link), and rotating the one
 * secret invalidates them all.
 */
import { randomUuid } from '../lib/ids';

/** What a signed token is for; each purpose gets a key of its own. */
export type SigningPurpose =
  | 'form-token'
  | 'appointment-manage'
  | 'preview'
  | 'file-link'
  | 'slot-hold'
  | 'results-cursor'
  | 'admin-session'
  | 'admin-csrf'
  | 'edge-call'
  | 'sticky-contact';

/** The bindings the keys are derived from (a subset of Bindings, so tests can pass them alone). */
export interface SigningSecrets {
  SIGNING_SECRET?: string | undefined;
  FORM_TOKEN_SECRET?: string | undefined;
  ADMIN_TOKEN?: string | undefined;
}

let instanceSecret: string | undefined;

function baseSecret(env: SigningSecrets): string {
  const configured = env.SIGNING_SECRET || env.FORM_TOKEN_SECRET;
  if (configured) return `secret:${configured}`;
  if (env.ADMIN_TOKEN) return `admin:${env.ADMIN_TOKEN}`;
  instanceSecret ??= `instance:${randomUuid()}${randomUuid()}`;
  return instanceSecret;
}

/** The HMAC key of one purpose (src/lib/signing.ts signs and verifies with it). */
export function signingKey(env: SigningSecrets, purpose: SigningPurpose): string {
  return `${purpose}:${baseSecret(env)}`;
}
