/**
 * The local secrets file `.dev.vars` (KEY=value lines, read by wrangler and astro preview).
 * The admin token lives here; it is generated at random on first start and never defaulted.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Parses KEY=value lines, ignoring comments and blank lines; quotes around values are removed. */
export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    vars[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return vars;
}

/** Reads `.dev.vars` at `file`, or an empty object when there is none. */
export function readDevVars(file) {
  return existsSync(file) ? parseDevVars(readFileSync(file, 'utf8')) : {};
}

/**
 * Makes sure `file` holds a non-empty ADMIN_TOKEN, appending a random one when it does not.
 * Answers the token and whether it was created.
 */
export function ensureAdminToken(file) {
  const existing = readDevVars(file).ADMIN_TOKEN;
  if (existing) return { token: existing, created: false };
  const token = randomBytes(24).toString('hex');
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // A blank ADMIN_TOKEN= line would shadow the new one for some readers: drop it.
  const kept = before
    .split(/\r?\n/)
    .filter((line) => !/^\s*(?:export\s+)?ADMIN_TOKEN\s*=/.test(line))
    .join('\n')
    .replace(/\n*$/, '');
  const header = kept ? `${kept}\n` : '# Local secrets of the worker (never commit this file).\n';
  writeFileSync(file, `${header}ADMIN_TOKEN=${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, created: true };
}

/**
 * Makes sure `file` sets `key`, appending `key=value` when it does not; a value already
 * there (even one the developer changed) is kept. Answers whether it was added.
 */
export function ensureDevVar(file, key, value) {
  if (readDevVars(file)[key] !== undefined) return false;
  const before = existsSync(file) ? readFileSync(file, 'utf8').replace(/\n*$/, '') : '';
  writeFileSync(file, `${before ? `${before}\n` : ''}${key}=${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return true;
}
