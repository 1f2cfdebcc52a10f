/**
 * The page cursor: the last row's (created_at, id) in base64url, then an HMAC of it and the
 * kind under the 'results-cursor' key. Pages run newest first by (created_at, id), so rows
 * that arrive between two pages sort before the cursor and never shift the pages after it.
 */
import { base64url, hmacSign, hmacVerify } from '../../lib/signing';
import { ApiError } from '../http';

export interface Position {
  createdAt: number;
  id: string;
}

const encodeText = (text: string) => base64url(new TextEncoder().encode(text));

function decodeText(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

export async function encodeCursor(key: string, kind: string, at: Position): Promise<string> {
  const body = encodeText(JSON.stringify([at.createdAt, at.id]));
  return `${body}.${await hmacSign(key, `${kind}.${body}`)}`;
}

/** The position a cursor names; 400 'Invalid cursor' for anything this server did not sign for `kind`. */
export async function decodeCursor(key: string, kind: string, cursor: string): Promise<Position> {
  const invalid = new ApiError(400, 'Invalid cursor', 'cursor');
  if (cursor.length > 200) throw invalid;
  const [body, signature, ...rest] = cursor.split('.');
  if (!body || !signature || rest.length > 0) throw invalid;
  if (!(await hmacVerify(key, `${kind}.${body}`, signature))) throw invalid;
  const text = decodeText(body);
  const parsed: unknown = text === null ? null : JSON.parse(text);
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'number' || typeof parsed[1] !== 'string') throw invalid;
  return { createdAt: parsed[0], id: parsed[1] };
}
