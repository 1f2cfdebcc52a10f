/**
 * A call of the seeds' call tables: its method, path (below the API base `/api`), the
 * valibot schemas of its input and the type of its answer. One definition serves every
 * side: the edge gateway in `functions/` and the built-in platform API validate with it
 * (src/platform/call.ts), the render reaches the API by its path, and the browser's one
 * transport (src/client/api.ts) builds its request and reads its answer from it. Pure, so
 * the browser imports it without any server code.
 *
 * Input kinds: `json` (a JSON body), `query` (the query string as a flat object),
 * `params` (path parameters) and `form` (multipart: the JSON string in the `formData`
 * part, parsed and validated; the other parts are files, handed over untouched).
 */
import type * as v from 'valibot';

type Schema = v.GenericSchema;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where every call lives below the site's origin. */
export const API_BASE = '/api';

export interface CallSpec<
  J extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  F extends Schema | undefined = Schema | undefined,
  A = unknown,
> {
  method: Method;
  /** Hono path pattern below `/api`, e.g. `/appointment/:id/cancel`. */
  path: string;
  json?: J;
  query?: Q;
  params?: P;
  form?: F;
  /** Body limit in bytes, when not the default for the kind. */
  limit?: number;
  /** Names the type of a successful answer (`answerType<T>()`); holds no value. */
  answer?: A;
}

export function defineCall<
  J extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  F extends Schema | undefined = undefined,
  A = unknown,
>(spec: CallSpec<J, Q, P, F, A>): CallSpec<J, Q, P, F, A> {
  return spec;
}

/** The answer type of a spec, for `answer:`; a type only, so it is undefined at run time. */
export function answerType<T>(): T | undefined {
  return undefined;
}

/** What a call answers when it succeeds. */
export type AnswerOf<C extends CallSpec> = C extends CallSpec<Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined, infer A> ? A : unknown;

type In<S> = [Exclude<S, undefined>] extends [never] ? never : v.InferInput<Exclude<S, undefined> & Schema>;

/** The path parameters of a call, as strings. */
export type PathParams<C extends CallSpec> = { [K in keyof In<C['params']>]: string };
/** The query of a call; numbers are written in decimal, undefined values are left out. */
export type QueryValues<C extends CallSpec> = { [K in keyof In<C['query']>]: In<C['query']>[K] | number };
/** The JSON body of a call as the caller sends it (defaults may be left out). */
export type JsonBody<C extends CallSpec> = In<C['json']>;

/**
 * A call's path below `/api` with its parameters filled in (encoded) and its query, as
 * the platform client (src/platform/client.ts) takes it.
 */
export function callPath<C extends CallSpec>(spec: C, params?: PathParams<C>, query?: Partial<QueryValues<C>>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = spec.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The same path below the site's origin, as a browser asks for it. */
export function apiPath<C extends CallSpec>(spec: C, params?: PathParams<C>, query?: Partial<QueryValues<C>>): string {
  return API_BASE + callPath(spec, params, query);
}
