/**
 * How edge code (page rendering, functions/) reaches the platform API: the upstream at
 * API_ORIGIN when set, else the built-in API in the same worker, without a network hop.
 *
 * An in-process call carries the visitor's address (the CF-Connecting-IP Cloudflare set on
 * the page request) as its own CF-Connecting-IP, so the API's per-IP limits count each
 * visitor of a no-JS post apart. The header is set here from the page request only:
 * whatever a caller's `init` names under that header is dropped.
 */
import type { ExecutionContext } from 'hono';
import { API_BASE } from '../schemas/calls/define-call';
import type { Bindings } from './env';

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** Upstream URL for an API path (`/contact` → `${API_ORIGIN}/contact`). */
export function upstreamUrl(origin: string, path: string): string {
  return origin.replace(/\/+$/, '') + path;
}

/** The header the visitor's address travels in, as Cloudflare sets it on every request. */
export const CLIENT_IP_HEADER = 'cf-connecting-ip';

/** An API client; `visitorIp` is the address of the page request it serves (null for none). */
export function createApiClient(env: Bindings, ctx?: ExecutionContext, visitorIp: string | null = null): ApiFetch {
  return async (path, init) => {
    if (env.API_ORIGIN) return fetch(upstreamUrl(env.API_ORIGIN, path), init);
    const { platformApi } = await import('./app');
    const headers = new Headers(init?.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (visitorIp) headers.set(CLIENT_IP_HEADER, visitorIp);
    return platformApi.fetch(new Request(`http://platform.internal${API_BASE}${path}`, { ...init, headers }), env, ctx);
  };
}
