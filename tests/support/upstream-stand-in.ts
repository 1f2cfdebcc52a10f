/**
 * A stand-in for an upstream platform API (API_ORIGIN) at its network boundary, run in Node
 * as part of miniflare's outbound service. It answers every request to UPSTREAM_HOST with
 * an echo of what arrived (method, path, query, headers, body), so tests can see exactly
 * what the edge gateway forwards and what it strips.
 */

export const UPSTREAM_HOST = 'upstream.test';
export const UPSTREAM_ORIGIN = `http://${UPSTREAM_HOST}/v1`;

export async function upstreamStandIn(request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.host !== UPSTREAM_HOST) return undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.method === 'GET' ? '' : await request.text();
  return Response.json({ upstream: true, method: request.method, path: url.pathname, search: url.search, headers, body }, { status: 200 });
}
