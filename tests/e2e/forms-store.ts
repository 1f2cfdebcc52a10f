/**
 * What the browser tests of forms read back from the e2e worker's own storage (the local D1
 * and R2 under .e2e-state), through wrangler, as a seller's tools would.
 */
import { execFileSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;
const wrangler = (args: string[]) => execFileSync('wrangler', args, { cwd: root, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });

// biome-ignore lint/suspicious/noExplicitAny: rows are read loosely and asserted on.
export type Row = Record<string, any>;

/** Rows of a read-only query against the e2e D1. */
export function sql(query: string): Row[] {
  const out = wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', '.e2e-state', '-c', 'dist/server/wrangler.json', '--json', '--command', query]);
  const parsed = JSON.parse(out.toString()) as { results: Row[] }[];
  return parsed[0]?.results ?? [];
}

/** The bytes of an object in the e2e R2 bucket. */
export function r2Object(key: string): Buffer {
  return wrangler(['r2', 'object', 'get', `edgefunnel-uploads/${key}`, '--local', '--persist-to', '.e2e-state', '-c', 'dist/server/wrangler.json', '--pipe']);
}

/** A quoted SQL string literal. */
export const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
