// @ts-check
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

/** `client:interact`: hydrate an island on the visitor's first interaction (src/client/interact-directive.ts). */
/** @type {import('astro').AstroIntegration} */
const interactDirective = {
  name: 'edgefunnel-interact-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./src/client/interact-directive.ts', import.meta.url)) }),
  },
};

/** `client:ready`: a widget page's island, hydrated after the first paint, holding clicks made before (src/client/ready-directive.ts). */
/** @type {import('astro').AstroIntegration} */
const readyDirective = {
  name: 'edgefunnel-ready-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'ready', entrypoint: fileURLToPath(new URL('./src/client/ready-directive.ts', import.meta.url)) }),
  },
};

/**
 * Astro's island runtime (the `astro-island` element) as one file of the build, named by its
 * content, instead of inline in every page with an island: 1.5 KB gzip less in each such
 * page's first round trip, and cached from page to page (src/serving/island-script.ts). Only
 * for a build; `npm run dev` keeps Astro's inline copy.
 */
const islandScriptFile = `_astro/astro-island.${createHash('sha256').update(islandScript).digest('hex').slice(0, 10)}.js`;
/** @type {import('astro').AstroIntegration} */
const externalIslandScript = {
  name: 'edgefunnel-island-script',
  hooks: {
    'astro:config:setup': ({ command, updateConfig }) => {
      if (command === 'build') updateConfig({ vite: { define: { __EDGEFUNNEL_ISLAND_SCRIPT__: JSON.stringify(`/${islandScriptFile}`) } } });
    },
    'astro:build:done': async ({ dir }) => {
      const file = new URL(islandScriptFile, dir);
      await mkdir(new URL('.', file), { recursive: true });
      await writeFile(file, islandScript);
    },
  },
};

/** The browser build's import() wrapper: the project's small one (src/client/preload-helper.ts) instead of Vite's. */
/** @type {import('vite').Plugin} */
const preloadHelper = {
  name: 'edgefunnel-preload-helper',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId: (id) => (id === '\0vite/preload-helper.js' ? fileURLToPath(new URL('./src/client/preload-helper.ts', import.meta.url)) : undefined),
};

/**
 * `import code from 'inline-script:timer-settle.ts'`: that module of src/client (or a path
 * from there, `inline-script:../widgets/embed/frame-script.ts`) and what it
 * imports, bundled and minified into one classic script, as its text. For the little a page
 * must run in its HTML before the first paint; it shares the modules the rest of the browser
 * code uses.
 */
/** @type {import('vite').Plugin} */
const inlineScripts = {
  name: 'edgefunnel-inline-scripts',
  enforce: 'pre',
  resolveId: (id) => (id.startsWith('inline-script:') ? `\0${id}` : undefined),
  async load(id) {
    if (!id.startsWith('\0inline-script:')) return undefined;
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL(`./src/client/${id.slice('\0inline-script:'.length)}`, import.meta.url));
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      write: false,
      metafile: true,
    });
    for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(resolve(input));
    const [script] = out.outputFiles;
    if (!script) throw new Error(`inline-script: esbuild wrote nothing for ${entry}`);
    return `export default ${JSON.stringify(script.text.trim())};`;
  },
};

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), interactDirective, readyDirective, externalIslandScript],
  server: { port: Number(process.env.PORT) || 8787, host: '127.0.0.1' },
  // Page CSS is inlined: nothing blocks the first render (measured by npm run bench's Lighthouse run).
  build: { inlineStylesheets: 'always' },
  security: { checkOrigin: false },
  // Edge HTML copies are keyed by build: a deploy never serves HTML naming another build's assets.
  vite: {
    plugins: [preloadHelper, inlineScripts],
    define: { __EDGEFUNNEL_BUILD__: JSON.stringify(Date.now().toString(36)) },
    // @astrojs/cloudflare prefixes every chunk with a `process` shim the worker needs; browser
    // chunks do not (the few references are typeof-guarded), so they go without it.
    environments: { client: { build: { rolldownOptions: { output: { banner: '' } } } } },
  },
});
