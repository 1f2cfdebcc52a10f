/**
 * The browser's one transport to the API: every call is made from its route
 * (src/schemas/calls/*-routes.ts: method, path, input and answer types; no schema ships to
 * the browser), on the page's own origin under /api, and answers one of three
 * outcomes, so every caller can end its busy state with a message:
 * - `ok`: a 2xx with a JSON body, typed by the route's answer;
 * - `refused`: the server said no; its `msg` ('' when it sent none), field `errors` and
 *   spam-defence `reason` as the seed's error body carries them;
 * - `offline`: the call never got an answer (network, abort).
 * Tracking, which nobody waits for, goes out as a beacon (`sendBeacon`).
 */
import type { FieldError } from '../lib/validation/fields';
import { relayedSplitVariants, VARIANTS_HEADER } from './split-variants';
import { type AnswerOf, apiPath, type CallRoute, type JsonBody, type PathParams, type QueryValues } from '../schemas/calls/define-call';

export type CallAnswer<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'refused'; status: number; msg: string; errors: FieldError[]; reason?: string }
  | { kind: 'offline'; error: unknown };

export type CallRefusal = Extract<CallAnswer<unknown>, { kind: 'refused' }>;

export interface CallRequest<C extends CallRoute> {
  params?: PathParams<C>;
  query?: Partial<QueryValues<C>>;
  json?: JsonBody<C>;
  /** A multipart body (calls with a `form` schema). */
  form?: FormData;
  signal?: AbortSignal;
  /** The network boundary. */
  fetcher?: typeof fetch;
}

/** A refusal as the seed's error body (`msg`, `errors`, `reason`) states it. */
export function refusalOf(status: number, body: unknown): CallRefusal {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return {
    kind: 'refused',
    status,
    msg: typeof fields.msg === 'string' ? fields.msg : '',
    errors: Array.isArray(fields.errors) ? (fields.errors as FieldError[]) : [],
    ...(typeof fields.reason === 'string' ? { reason: fields.reason } : {}),
  };
}

/** Makes a call; never throws. */
export async function callApi<C extends CallRoute>(route: C, request: CallRequest<C> = {}): Promise<CallAnswer<AnswerOf<C>>> {
  const { fetcher = fetch, json, form, signal } = request;
  const init: RequestInit = { method: route.method, credentials: 'same-origin', ...(signal ? { signal } : {}) };
  const headers: Record<string, string> = {};
  // A framed widget relays the split-test variant of the page around it (./split-variants.ts).
  const variants = relayedSplitVariants(typeof document === 'undefined' ? undefined : document);
  if (variants) headers[VARIANTS_HEADER] = variants;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form) init.body = form;
  if (Object.keys(headers).length > 0) init.headers = headers;
  let response: Response;
  try {
    response = await fetcher(apiPath(route, request.params, request.query), init);
  } catch (error) {
    return { kind: 'offline', error };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return { kind: 'ok', body: body as AnswerOf<C> };
  return refusalOf(response.status, body);
}

/** Requirements PAGE-ERRORS: a failed call shows the server's msg when it sent one, else the caller's text. */
export function refusalText(answer: Exclude<CallAnswer<unknown>, { kind: 'ok' }>, fallback: string): string {
  return answer.kind === 'refused' && answer.msg ? answer.msg : fallback;
}

// Tracking's beacon is a module of its own: the page runtime loads it on every page, callApi only with a feature that calls.
export { sendBeacon } from './beacon';
