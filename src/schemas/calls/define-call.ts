/**
 * A call of the seeds' call tables, in two parts:
 * - its route (`route`): method, path below the API base `/api`, and the types of its input
 *   and of its answer. Pure data with type-only imports, so the browser's one transport
 *   (src/client/api.ts) builds its request and reads its answer from it without shipping a
 *   single schema; the render reaches the API by the same path (`callPath`).
 * - its spec (`defineCall`): the route with the valibot schemas of its input, which the edge
 *   gateway in `functions/` and the built-in platform API validate with (src/platform/call.ts).
 *   A schema that is not the type its route declares does not compile.
 *
 * Input kinds: `json` (a JSON body), `query` (the query string as a flat object),
 * `params` (path parameters) and `form` (multipart: the JSON string in the `formData`
 * part, parsed and validated; the other parts are files, handed over untouched).
 */
import type * as v from 'valibot';

type Schema = v.GenericSchema;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type InputKind = 'json' | 'query' | 'params' | 'form';

/** Where every call lives below the site's origin. */
export const API_BASE = '/api';

/** What a route declares: the schema type of each input kind it takes, and its answer. */
export type CallTypes = { [K in InputKind]?: Schema } & { answer?: unknown };

type Maybe = Schema | undefined;

export interface CallRoute<J extends Maybe = Maybe, Q extends Maybe = Maybe, P extends Maybe = Maybe, F extends Maybe = Maybe, A = unknown> {
  method: Method;
  /** Hono path pattern below `/api`, e.g. `/appointment/:id/cancel`. */
  path: string;
  /** The declared types; holds no value. */
  readonly types?: { json?: J; query?: Q; params?: P; form?: F; answer?: A };
}

type Get<T, K extends keyof CallTypes> = T extends { [P in K]: infer S } ? S : undefined;

/** A route; `T` names the schema types of its input and the type of its answer. */
/* @__NO_SIDE_EFFECTS__ */
export function route<T extends CallTypes = Record<never, never>>(
  method: Method,
  path: string,
): CallRoute<Get<T, 'json'> & Maybe, Get<T, 'query'> & Maybe, Get<T, 'params'> & Maybe, Get<T, 'form'> & Maybe, T extends { answer: infer A } ? A : unknown> {
  return { method, path };
}

/** A route with the schemas that validate its input. */
export interface CallSpec<J extends Maybe = Maybe, Q extends Maybe = Maybe, P extends Maybe = Maybe, F extends Maybe = Maybe, A = unknown>
  extends CallRoute<J, Q, P, F, A> {
  json?: J;
  query?: Q;
  params?: P;
  form?: F;
  /** Body limit in bytes, when not the default for the kind. */
  limit?: number;
}

type Required<K extends InputKind, S> = [S] extends [undefined] ? unknown : { [P in K]: S };

/** The spec of a route: its schemas, exactly the types the route declares. */
/* @__NO_SIDE_EFFECTS__ */
export function defineCall<J extends Maybe, Q extends Maybe, P extends Maybe, F extends Maybe, A>(
  route: CallRoute<J, Q, P, F, A>,
  schemas: Required<'json', J> & Required<'query', Q> & Required<'params', P> & Required<'form', F> & { limit?: number },
): CallSpec<J, Q, P, F, A> {
  return { ...route, ...schemas } as CallSpec<J, Q, P, F, A>;
}

type Declared<R, K extends keyof CallTypes> = R extends { readonly types?: { [P in K]?: infer T } } ? T : never;

/** What a call answers when it succeeds. */
export type AnswerOf<R extends CallRoute> = Declared<R, 'answer'>;

type In<R extends CallRoute, K extends InputKind> = [Exclude<Declared<R, K>, undefined>] extends [never]
  ? never
  : v.InferInput<Exclude<Declared<R, K>, undefined> & Schema>;

/** The path parameters of a call, as strings. */
export type PathParams<R extends CallRoute> = { [K in keyof In<R, 'params'>]: string };
/** The query of a call; numbers are written in decimal, undefined values are left out. */
export type QueryValues<R extends CallRoute> = { [K in keyof In<R, 'query'>]: In<R, 'query'>[K] | number };
/** The JSON body of a call as the caller sends it (defaults may be left out). */
export type JsonBody<R extends CallRoute> = In<R, 'json'>;

/**
 * A call's path below `/api` with its parameters filled in (encoded) and its query, as
 * the platform client (src/platform/client.ts) takes it.
 */
export function callPath<R extends CallRoute>(route: R, params?: PathParams<R>, query?: Partial<QueryValues<R>>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The same path below the site's origin, as a browser asks for it. */
export function apiPath<R extends CallRoute>(route: R, params?: PathParams<R>, query?: Partial<QueryValues<R>>): string {
  return API_BASE + callPath(route, params, query);
}
