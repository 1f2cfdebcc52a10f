/*
 * The folders of src/ and what each may import (docs/architecture.md, "Folders"). A folder's
 * rule is checked on every import that survives the build (type-only imports are erased and
 * not counted). Browser code is checked transitively: from every browser entry (the page
 * runtime in src/client, and each React island in src/widgets), nothing reachable may be
 * server code, or a browser bundle would carry it (or fail to build).
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../../src/**/*.{ts,tsx,astro}', { eager: true, query: '?raw', import: 'default' });

/** Source text by path relative to src/, e.g. `lib/links.ts`. */
const files = new Map(Object.entries(sources).map(([path, text]) => [path.replace(/^.*?\/src\//, ''), text]));

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file.replace(/\.\w+$/, ''));

/** What each folder may import from other folders of src/ (its own folder is always allowed). */
const ALLOWED: Record<string, readonly string[]> = {
  lib: ['schemas'],
  schemas: ['lib'],
  client: ['lib', 'schemas'],
  dashboard: ['lib', 'schemas'],
};
/** What each folder may never import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  platform: ['widgets', 'client', 'elements', 'components', 'layouts', 'pages', 'tree'],
  tree: ['platform', 'pages'],
  serving: ['widgets', 'elements', 'components', 'layouts', 'pages'],
};
/** Folders whose code runs only on the server. */
const SERVER = new Set(['platform', 'serving', 'tree', 'pages', 'layouts', 'components', 'elements', 'fetch', 'edge', 'worker', 'middleware']);

// Static imports and re-exports (not `import type` / `export type`), side-effect imports and import().
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type[\s{])(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '/index.ts'];

function join(dir: string, spec: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The src/-relative files a module imports; `../`-paths that leave src/ (locales) are skipped. */
function importsOf(file: string): { spec: string; target: string | null }[] {
  const text = files.get(file) ?? '';
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const out: { spec: string; target: string | null }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = (match[1] ?? match[2] ?? '').replace(/\?.*$/, '');
    if (!spec.startsWith('.')) {
      out.push({ spec, target: null });
      continue;
    }
    const base = join(dir, spec);
    if (base.startsWith('..')) continue;
    const target = EXTENSIONS.map((ext) => base + ext).find((path) => files.has(path));
    if (target) out.push({ spec, target });
  }
  return out;
}

function crossings(): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const file of files.keys()) {
    const from = folderOf(file);
    for (const { target } of importsOf(file)) {
      if (!target) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const allowed = ALLOWED[from];
      if ((allowed && !allowed.includes(to)) || FORBIDDEN[from]?.includes(to)) found.push({ file, target });
    }
  }
  return found;
}

/** Every file a browser entry reaches through imports that are bundled. */
function reachable(entry: string): Map<string, string> {
  const via = new Map<string, string>([[entry, entry]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const { target } of importsOf(file)) {
      if (target && !via.has(target)) {
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  return via;
}

const browserEntries = [...files.keys()].filter(
  (file) =>
    (file.startsWith('client/') && file.endsWith('.ts')) ||
    (file.startsWith('widgets/') && file.endsWith('.tsx')) ||
    (file.startsWith('dashboard/') && /\.tsx?$/.test(file)),
);

describe('folder boundaries', () => {
  it('finds the source files', () => {
    expect(files.size).toBeGreaterThan(200);
    expect(browserEntries.length).toBeGreaterThan(30);
    expect(browserEntries).toContain('dashboard/main.tsx');
  });

  it('keeps every import inside what its folder may use', () => {
    expect(crossings().map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  it('never bundles server code or Worker bindings into the browser', () => {
    const problems: string[] = [];
    for (const entry of browserEntries) {
      for (const [file, parent] of reachable(entry)) {
        const server = SERVER.has(folderOf(file)) || file.endsWith('.astro');
        const binding = importsOf(file).some(({ spec }) => spec.startsWith('cloudflare:'));
        if (server || binding) problems.push(`${entry} reaches ${file} (imported by ${parent})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the dashboard to /admin: only its page and layout import it, and it imports no other browser code', () => {
    const importers = [...files.keys()].filter(
      (file) => folderOf(file) !== 'dashboard' && importsOf(file).some(({ target }) => target?.startsWith('dashboard/')),
    );
    expect(importers.sort()).toEqual(['pages/admin/[...path].astro']);
    const reached = [...reachable('dashboard/main.tsx').keys()].filter((file) => ['client', 'widgets', 'elements'].includes(folderOf(file)));
    expect(reached).toEqual([]);
  });

  it('has rules that catch a crossing', () => {
    files.set('lib/__probe.ts', "import { x } from '../platform/client';\nexport const y = x;");
    files.set('client/__probe.ts', "import { z } from './__probe-helper';\nexport const w = z;");
    files.set('client/__probe-helper.ts', "import { app } from '../platform/app';\nexport const z = app;");
    try {
      expect(crossings().map(({ file }) => file)).toEqual(expect.arrayContaining(['lib/__probe.ts', 'client/__probe-helper.ts']));
      expect([...reachable('client/__probe.ts').keys()]).toContain('platform/app.ts');
    } finally {
      for (const probe of ['lib/__probe.ts', 'client/__probe.ts', 'client/__probe-helper.ts']) files.delete(probe);
    }
  });
});
