/**
 * How the server side runs a call spec (src/schemas/calls/): reads and validates a
 * request's input with the spec's schemas, and mounts a handler that sees only validated
 * input. The edge gateway in `functions/` validates a browser's call with it before
 * forwarding, and the built-in platform API validates again before it touches the database.
 */
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { CallSpec } from '../schemas/calls/define-call';
import type { AppEnv } from './env';
import { ApiError, parseWith, readFormData, readJson } from './http';

type Schema = v.GenericSchema;

// `json?: J` reads back as `J | undefined`; the validated input is there whenever a schema is.
type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : v.InferOutput<Exclude<S, undefined> & Schema>;

export interface CallInput<C extends CallSpec> {
  json: Out<C['json']>;
  query: Out<C['query']>;
  params: Out<C['params']>;
  form: Out<C['form']>;
  /** File parts of a multipart call, by part name. */
  files: Map<string, File[]>;
}

function parseFormJson(form: FormData): unknown {
  const raw = form.get('formData');
  if (typeof raw !== 'string') throw new ApiError(400, 'formData: a JSON string part is required', 'formData');
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'formData: not valid JSON', 'formData');
  }
}

/** Reads and validates every part of a call's input from the request, throwing 4xx ApiErrors. */
export async function readInput<C extends CallSpec>(c: Context, spec: C): Promise<CallInput<C>> {
  const files = new Map<string, File[]>();
  let json: unknown;
  let form: unknown;
  if (spec.json) json = parseWith(spec.json, await readJson(c.req.raw, spec.limit));
  if (spec.form) {
    const data = await readFormData(c.req.raw, spec.limit);
    form = parseWith(spec.form, parseFormJson(data));
    for (const [name, value] of data.entries()) {
      if (typeof value === 'string') continue;
      const list = files.get(name) ?? [];
      list.push(value);
      files.set(name, list);
    }
  }
  const query = spec.query ? parseWith(spec.query, c.req.query()) : undefined;
  const params = spec.params ? parseWith(spec.params, c.req.param()) : undefined;
  return { json, query, params, form, files } as CallInput<C>;
}

export type CallHandler<C extends CallSpec> = (c: Context<AppEnv>, input: CallInput<C>) => Promise<Response> | Response;

/**
 * Whether a call takes this request's body: a JSON call declines multipart and urlencoded
 * bodies, so two calls can share a path (seed 001: POST /appointment books with multipart
 * and reschedules with JSON). Register the JSON call first.
 */
export function acceptsBody(spec: CallSpec, req: Request): boolean {
  if (!spec.json) return true;
  const type = req.headers.get('content-type') ?? '';
  return !type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded');
}

/** Registers a call's handler on an app, validating the input first. */
export function mount<C extends CallSpec>(app: Hono<AppEnv>, spec: C, handler: CallHandler<C>): void {
  app.on(spec.method, spec.path, async (c, next) => {
    if (!acceptsBody(spec, c.req.raw)) return next();
    return handler(c, await readInput(c, spec));
  });
}
