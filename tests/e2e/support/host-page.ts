/**
 * A seller's site on another origin: a tiny static HTTP server on a free port that answers
 * one HTML page, so the widgets are tested embedded the way a seller pastes them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostPage {
  url: string;
  close: () => Promise<void>;
}

export async function serveHostPage(html: string): Promise<HostPage> {
  const server: Server = createServer((req, res) => {
    if (req.url !== '/' && !req.url?.startsWith('/?')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}
