/**
 * How edge code (page rendering, functions/) reaches the platform API: the upstream at
 * API_ORIGIN when set, else the built-in API in the same worker, without a network hop.
 */
import type { ExecutionContext } from 'hono';
import { API_BASE } from '../schemas/calls/define-call';
import type { Bindings } from './env';

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** Upstream URL for an API path (`/contact` → `${API_ORIGIN}/contact`). */
export function upstreamUrl(origin: string, path: string): string {
  return origin.replace(/\/+$/, '') + path;
}

export function createApiClient(env: Bindings, ctx?: ExecutionContext): ApiFetch {
  return async (path, init) => {
    if (env.API_ORIGIN) return fetch(upstreamUrl(env.API_ORIGIN, path), init);
    const { platformApi } = await import('./app');
    return platformApi.fetch(new Request(`http://platform.internal${API_BASE}${path}`, init), env, ctx);
  };
}
