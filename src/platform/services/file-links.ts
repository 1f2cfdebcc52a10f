/**
 * Signed file links (issue 27): an upload or a drawn signature is fetched through
 * `/files/{id}?exp=…&sig=…`, where `sig = hmacSign(signingKey(env, 'file-link'), `${id}:${exp}`)`
 * and `exp` is the instant (ms) the link stops working, FILE_LINK_TTL_MS after it was made.
 * The admin API hands links out; whoever holds one may download the file until it expires.
 * Files are always answered as attachments, never rendered inline on a seller's domain.
 */
import * as v from 'valibot';
import { hmacSign, hmacVerify } from '../../lib/signing';
import { cleanLine } from '../../lib/text';

/** How long a file link works. */
export const FILE_LINK_TTL_MS = 10 * 60_000;

/** Content types a download keeps; any other is sent as application/octet-stream. */
const SAFE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain; charset=utf-8',
  'text/csv; charset=utf-8',
]);

export interface FileLink {
  url: string;
  expires_at: number;
}

const signed = (id: string, exp: number) => `${id}:${exp}`;

/** The link to upload `id`, working until `now + FILE_LINK_TTL_MS`. */
export async function fileLink(key: string, id: string, now: number): Promise<FileLink> {
  const exp = now + FILE_LINK_TTL_MS;
  const sig = await hmacSign(key, signed(id, exp));
  return { url: `/files/${encodeURIComponent(id)}?exp=${exp}&sig=${sig}`, expires_at: exp };
}

/** The query of a file link: the expiry in ms and the base64url HMAC-SHA256. */
const LinkQuery = v.object({
  exp: v.pipe(v.string(), v.regex(/^\d{1,16}$/), v.transform(Number)),
  sig: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/** Why a link does not open its file, or null when it does. */
export async function fileLinkRefusal(
  key: string,
  id: string,
  query: { exp?: string | undefined; sig?: string | undefined },
  now: number,
): Promise<string | null> {
  const parsed = v.safeParse(LinkQuery, query);
  if (!parsed.success || !(await hmacVerify(key, signed(id, parsed.output.exp), parsed.output.sig))) return 'This file link is not valid';
  if (parsed.output.exp <= now) return 'This file link has expired; ask for a new one';
  return null;
}

/** The content type a download is sent with. */
export const downloadType = (stored: string) => (SAFE_CONTENT_TYPES.has(stored) ? stored : 'application/octet-stream');

/** A Content-Disposition that saves the file under its own name (RFC 6266, with an ASCII fallback). */
export function attachmentDisposition(filename: string): string {
  const name = cleanLine(filename).replace(/["\\/]/g, '_') || 'file';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
