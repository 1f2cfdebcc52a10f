/**
 * Cloudflare Turnstile in browser tests, stood in at its network boundary: the browser's
 * https://challenges.cloudflare.com/turnstile/v0/api.js is answered with the script stand-in
 * (scripts/turnstile-stand-in/api.js), and the worker verifies tokens at a local siteverify
 * server (TURNSTILE_VERIFY_URL) that answers as Cloudflare does for its test secrets
 * (tests/support/turnstile-stand-in.ts) and remembers the tokens it was asked about.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { SITEVERIFY_URL, turnstileStandIn } from '../../support/turnstile-stand-in';

const SCRIPT = readFileSync(new URL('../../../scripts/turnstile-stand-in/api.js', import.meta.url), 'utf8');

/** Cloudflare's test keys: this site key always shows an interactive challenge; this secret accepts a passed one. */
export const TURNSTILE_KEYS = { site: '3x00000000000000000000FF', secret: '1x0000000000000000000000000000000AA' } as const;

export async function useTurnstileStandIn(page: Page): Promise<void> {
  await page.route('https://challenges.cloudflare.com/turnstile/**', (route) => route.fulfill({ contentType: 'text/javascript', body: SCRIPT }));
}

export interface Siteverify {
  url: string;
  /** The tokens the worker asked about, in order. */
  tokens: string[];
  close: () => Promise<void>;
}

/** A local siteverify on `port`. */
export async function startSiteverify(port: number): Promise<Siteverify> {
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      tokens.push(new URLSearchParams(body).get('response') ?? '');
      const answer = await turnstileStandIn(new Request(SITEVERIFY_URL, { method: 'POST', body }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer ? await answer.text() : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`, tokens, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
