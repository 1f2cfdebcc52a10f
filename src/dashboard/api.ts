/**
 * The dashboard's one transport: calls to the admin API under /admin/v1 with the session
 * cookie (sent by the browser, never readable here) and, on every write, the session's CSRF
 * token. A refusal is thrown as an AdminError carrying the server's `msg`.
 */

export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AdminApi {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** The answer itself (for a 404 that is a state of the screen, or a response header). */
  raw(path: string): Promise<Response>;
}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as { msg?: string } | null;
  if (!res.ok) {
    // A session that ended (12 hours, or signed out elsewhere): back to the sign-in form.
    if (res.status === 401) window.location.assign('/admin');
    throw new AdminError(res.status, body?.msg ?? `HTTP ${res.status}`);
  }
  return body as T;
}

export function adminApi(csrf: string): AdminApi {
  const url = (path: string) => `/admin/v1${path}`;
  return {
    raw: (path) => fetch(url(path), { credentials: 'same-origin' }),
    get: async (path) => answer(await fetch(url(path), { credentials: 'same-origin' })),
    send: async (method, path, body) =>
      answer(
        await fetch(url(path), {
          method,
          credentials: 'same-origin',
          headers: { 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
  };
}

/** A query string of the set values. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A range of whole days as the results calls take it: from the start of `from` to the end of `to` (both `YYYY-MM-DD`, either may be empty). */
export function dayRange(from: string, to: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (from) out.from = from;
  if (to) out.to = String(Date.parse(to) + 86_400_000);
  return out;
}
