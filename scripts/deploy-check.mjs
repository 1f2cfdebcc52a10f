#!/usr/bin/env node
/**
 * Proves the build deploys: `wrangler deploy --dry-run` bundles the built worker
 * (dist/server/wrangler.json, after `astro build`) as a real deploy would, offline and
 * without an account, and the bundle's gzip size must stay within Cloudflare's 3 MiB
 * Workers limit (paid plan; https://developers.cloudflare.com/workers/platform/limits/#worker-size).
 * `npm run test:e2e` (so `npm test`) runs it on the build it has just made.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const GZIP_LIMIT = 3 * 1024 * 1024;
// What wrangler uploads as the worker's code; source maps and its README are not counted.
const CODE = /\.(?:mjs|js|cjs|wasm)$/;

function codeFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Bundles dist/server with wrangler's dry run and answers a line saying its gzip size; throws when it fails or is too big. */
export function checkDeploy({ config = 'dist/server/wrangler.json', limit = GZIP_LIMIT } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'edgefunnel-deploy-'));
  try {
    execFileSync('wrangler', ['deploy', '--dry-run', '--outdir', outdir, '-c', config], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    });
    const files = codeFiles(outdir);
    if (files.length === 0) throw new Error(`wrangler deploy --dry-run wrote no code to ${outdir}`);
    const gzip = gzipSync(Buffer.concat(files.map((file) => readFileSync(file))), { level: 9 }).length;
    if (gzip > limit) throw new Error(`The worker is ${mib(gzip)} gzip, over the ${mib(limit)} limit of a deploy`);
    return `✓ wrangler deploy --dry-run: the worker bundles, ${mib(gzip)} gzip (limit ${mib(limit)})`;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(checkDeploy());
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
