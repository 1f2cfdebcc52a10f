/**
 * The scripts need Node >= 22.12 (Astro 7, wrangler 4). `npm run` puts the project's own
 * Node 24 (node_modules/.bin/node) first on PATH; when a script is started with an older
 * `node` directly, it re-runs itself with the project's Node instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function isModern(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Returns when this Node is recent enough; otherwise re-runs `scriptUrl` with the project's Node and exits. */
export function ensureModernNode(scriptUrl, projectRoot) {
  if (isModern(process.versions.node)) return;
  const local = `${projectRoot}/node_modules/.bin/node`;
  if (!existsSync(local)) {
    console.error(`Node ${process.versions.node} is too old: Node 22.12 or newer is needed. Run \`npm install\` first, then use npm scripts.`);
    process.exit(1);
  }
  const result = spawnSync(local, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
