/**
 * A webhook receiver at its network boundary for the workerd tests, at https://hooks.receiver.test.
 * It records every POST it gets (URL, headers, body) and answers by path: `/fail…` answers 500
 * with a 2 KB body, `/hang…` answers only after 12 s (past the sender's 10 s), anything else 204.
 * `GET /_received` answers what it recorded, oldest first; `DELETE /_received` forgets it.
 * Other hosts are not its business (null).
 */
export const RECEIVER_ORIGIN = 'https://hooks.receiver.test';

export interface ReceivedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const received: ReceivedRequest[] = [];

export async function webhookReceiverStandIn(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.origin !== RECEIVER_ORIGIN) return null;
  if (url.pathname === '/_received') {
    if (request.method === 'DELETE') received.length = 0;
    return Response.json(received);
  }
  received.push({ url: request.url, headers: Object.fromEntries(request.headers), body: await request.text() });
  if (url.pathname.startsWith('/fail')) return new Response(`upstream broke ${'x'.repeat(2048)}`, { status: 500 });
  if (url.pathname.startsWith('/hang')) await new Promise((wait) => setTimeout(wait, 12_000));
  return new Response(null, { status: 204 });
}
