#!/usr/bin/env node
/**
 * npm run import -- <folder> [--url http://localhost:8787] [--token TOKEN] [--draft]
 * (the default URL's port is PORT when set, as for `npm start`)
 *
 * Stores every JSON document below <folder> through the admin API of a running server, in
 * dependency order, then publishes the pages (unless --draft). The token defaults to
 * ADMIN_TOKEN from the environment, then from .dev.vars. Exits non-zero on any failure,
 * printing the server's msg.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDevVars } from './lib/dev-vars.mjs';
import { formatSummary, importFolder } from './lib/import-docs.mjs';
import { listenPort } from './lib/listen-port.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureModernNode(import.meta.url, root);

const USAGE = 'Usage: npm run import -- <folder> [--url http://localhost:8787] [--token TOKEN] [--draft]';

function parseArgs(argv) {
  const args = { folder: undefined, url: `http://127.0.0.1:${listenPort(process.env.PORT)}`, token: undefined, publish: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    const value = () => inline ?? argv[++i];
    if (name === '--url') args.url = value();
    else if (name === '--token') args.token = value();
    else if (name === '--draft') args.publish = false;
    else if (name === '--quiet') args.quiet = true;
    else if (name === '--help' || name === '-h') args.help = true;
    else if (!name.startsWith('--') && !args.folder) args.folder = name;
    else throw new Error(`Unknown argument ${arg}`);
  }
  return args;
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${err.message}\n${USAGE}`);
    return 2;
  }
  if (args.help || !args.folder) {
    console.error(USAGE);
    return args.help ? 0 : 2;
  }
  const folder = resolve(args.folder);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    console.error(`${args.folder} is not a folder.\n${USAGE}`);
    return 2;
  }
  if (!/^https?:\/\//.test(args.url ?? '')) {
    console.error(`--url must be an http(s) URL, got ${args.url}`);
    return 2;
  }
  const token = args.token ?? process.env.ADMIN_TOKEN ?? readDevVars(resolve(root, '.dev.vars')).ADMIN_TOKEN;
  if (!token) {
    console.error('No admin token: pass --token, set ADMIN_TOKEN, or run `npm start` once to create .dev.vars.');
    return 2;
  }
  const summary = await importFolder({ root: folder, url: args.url, token, publish: args.publish, log: args.quiet ? () => {} : console.log });
  if (!summary.ok) {
    for (const failure of summary.failures) console.error(`✗ ${failure}`);
    console.error(formatSummary(summary));
    return 1;
  }
  console.log(formatSummary(summary));
  return 0;
}

process.exitCode = await main();
