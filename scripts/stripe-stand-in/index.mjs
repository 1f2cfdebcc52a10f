#!/usr/bin/env node
/**
 * The Stripe stand-in as an HTTP server, for `npm start` and the browser tests:
 *   node scripts/stripe-stand-in/index.mjs [--port 12111] [--host 127.0.0.1]
 * Point the worker at it with STRIPE_API_HOST=127.0.0.1:12111 (and any sk_test_… secret
 * key). It also serves the browser Stripe.js stand-in at /js/stripe.js, which browser
 * tests route https://js.stripe.com/** to (tests/e2e/support/stripe-js.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createStripeApi } from './api.mjs';

const STRIPE_JS = readFileSync(new URL('./stripe-js.js', import.meta.url), 'utf8');

/** Starts the server; resolves once it listens. */
export function startStripeStandIn({ port = 12111, host = '127.0.0.1' } = {}) {
  const api = createStripeApi();
  const server = createServer(async (req, res) => {
    if (req.url?.startsWith('/js/stripe.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end(STRIPE_JS);
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const request = new Request(`http://${host}:${port}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    try {
      const response = await api.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch {
      // An armed network failure: the connection is cut with no answer.
      req.socket.destroy();
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const port = Number(arg('port', process.env.STRIPE_STAND_IN_PORT ?? 12111));
  const host = arg('host', '127.0.0.1');
  await startStripeStandIn({ port, host });
  console.log(`Stripe stand-in on http://${host}:${port} (STRIPE_API_HOST=${host}:${port})`);
}
