#!/usr/bin/env node
/**
 * node scripts/complete-lockfile.mjs — adds the platform packages npm left out of
 * package-lock.json, so `npm ci` accepts the lockfile on any machine.
 *
 * Native tools (the Astro compiler binding, biome, workerd) list one optional package per
 * platform. npm records only those its registry could resolve; this machine's registry
 * lacks some (darwin, windows…), and `npm ci` then refuses the lockfile ("Missing: … from
 * lock file"). For each optional dependency without a matching entry, this adds one beside
 * its sibling platform packages: with the registry's integrity, os and cpu when it has the
 * package, else with os/cpu/libc read from the package name. npm never installs an entry
 * whose os or cpu does not match, and fetches it by version where it does.
 * Run it after every `npm install` that changes the lockfile (with Node 24 first on PATH).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const FILE = 'package-lock.json';
const lock = JSON.parse(readFileSync(FILE, 'utf8'));
const packages = lock.packages;
const EXACT = /^\d+\.\d+\.\d+(?:-[\w.]+)?$/;

/** Node's resolution inside the lockfile: the parent's node_modules, then each ancestor's. */
function resolve(parent, name) {
  let base = parent;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at >= 0 ? base.slice(0, at) : '';
  }
}

const satisfied = (path, range) => path && (!EXACT.test(range) || packages[path].version === range);

/** os, cpu and libc as a platform package's name spells them (…-darwin-arm64, …-linux-x64-musl, …-windows-64). */
function platformOf(name) {
  const leaf = name.split('/').pop();
  const os = [
    ['darwin', 'darwin'],
    ['linux', 'linux'],
    ['win32', 'win32'],
    ['windows', 'win32'],
    ['android', 'android'],
    ['freebsd', 'freebsd'],
  ].find(([k]) => leaf.includes(k))?.[1];
  const cpu = [
    ['arm64', 'arm64'],
    ['x64', 'x64'],
    ['-64', 'x64'],
    ['wasm32', 'wasm32'],
    ['arm', 'arm'],
  ].find(([k]) => leaf.includes(k))?.[1];
  const libc = os === 'linux' ? (leaf.includes('musl') ? 'musl' : leaf.includes('gnu') ? 'glibc' : undefined) : undefined;
  return { os, cpu, libc };
}

function registryInfo(name, version) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${version}`, '--json', 'dist.integrity', 'os', 'cpu', 'libc', 'license', 'engines'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim() ? JSON.parse(out) : {};
  } catch {
    return {};
  }
}

const added = [];
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [name, range] of Object.entries(optional)) {
    if (satisfied(resolve(path, name), range)) continue;
    const sibling = Object.entries(optional)
      .filter(([other]) => other !== name)
      .map(([other, otherRange]) => [resolve(path, other), otherRange])
      .find(([found, otherRange]) => satisfied(found, otherRange))?.[0];
    const folder = sibling ? sibling.slice(0, sibling.lastIndexOf('node_modules/')) : path ? `${path}/` : '';
    const info = registryInfo(name, range);
    const guess = platformOf(name);
    const entry = { version: range };
    if (info['dist.integrity']) entry.integrity = info['dist.integrity'];
    if (info.license) entry.license = info.license;
    entry.cpu = info.cpu ?? (guess.cpu ? [guess.cpu] : undefined);
    entry.libc = info.libc ?? (guess.libc ? [guess.libc] : undefined);
    entry.optional = true;
    entry.os = info.os ?? (guess.os ? [guess.os] : undefined);
    if (info.engines) entry.engines = info.engines;
    for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
    packages[`${folder}node_modules/${name}`] = entry;
    added.push(`${folder}node_modules/${name}@${range}${entry.integrity ? '' : ' (not in this registry: platform from its name)'}`);
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(FILE, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform package(s):\n  ${added.join('\n  ')}` : 'The lockfile already lists every platform package.');
