/**
 * Errors and body reading shared by every API route. Every failure a visitor's input can
 * cause becomes an ApiError with a 4xx status and a `msg`; anything else is a 500 that the
 * app's onError logs.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Largest JSON body any call accepts. */
export const JSON_LIMIT = 256 * 1024;
/** Largest multipart body: the 50 MB of attachments seed 001 allows, plus the form itself. */
export const MULTIPART_LIMIT = 52_428_800 + 1024 * 1024;

/** Turns valibot issues into one message that names the field and why. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): { msg: string; field?: string } {
  const first = issues[0];
  if (!first) return { msg: 'Invalid request' };
  const field = v.getDotPath(first) ?? undefined;
  // A message that names its field itself (it is also the message when the whole body is not an object) is not prefixed again.
  const named = !field || first.message.startsWith(field);
  return { msg: named ? first.message : `${field}: ${first.message}`, field };
}

/** Parses `data` with `schema` or throws a 400 naming the offending field. */
export function parseWith<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const { msg, field } = describeIssues(result.issues);
  throw new ApiError(400, msg, field);
}

/** Reads a stream whole, or answers null as soon as it passes `limit` bytes (and stops reading). */
export async function readCapped(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Most bytes of a refused body that are read and dropped before answering 413. An answer
 * sent while the client is still sending leaves a connection that a proxy in front (the
 * local runtime's, or a reverse proxy) may break for the next request; the platform itself
 * refuses bodies over 100 MB.
 */
const DRAIN_LIMIT = 100 * 1024 * 1024;

/** Reads and drops what is left of a request body nobody read, up to DRAIN_LIMIT bytes. */
export async function drainBody(req: Request): Promise<void> {
  if (!req.body || req.bodyUsed || req.body.locked) return;
  const reader = req.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/** Reads a request body of at most `limit` bytes; a larger one is drained and refused with 413. */
export async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new ApiError(413, `Request body is larger than ${limit} bytes`);
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (!req.body) {
    if (declared > limit) throw tooLarge();
    return new Uint8Array();
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      break;
    }
    if (size <= limit && declared <= limit) chunks.push(value);
  }
  if (size > limit || declared > limit) throw tooLarge();
  return concat(chunks, size);
}

/** Reads a JSON body of at most `limit` bytes; an empty body reads as `{}`. */
export async function readJson(req: Request, limit = JSON_LIMIT): Promise<unknown> {
  const bytes = await readLimited(req, limit);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Request body is not valid JSON');
  }
}

/** Reads a multipart or urlencoded body of at most `limit` bytes. */
export async function readFormData(req: Request, limit = MULTIPART_LIMIT): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError(415, 'Expected a multipart/form-data body');
  }
  const bytes = await readLimited(req, limit);
  try {
    return await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError(400, 'Request body is not valid form data');
  }
}

/** The JSON error answer every route gives; a Hono middleware's refusal (bearer-auth) answers as it chose. */
export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof HTTPException) return err.getResponse();
  if (err instanceof ApiError) {
    return c.json({ msg: err.message, ...(err.field ? { field: err.field } : {}) }, err.status);
  }
  console.error('Unhandled API error', err instanceof Error ? err.stack : err);
  return c.json({ msg: 'Something went wrong on our side. Please try again.' }, 500);
}
