// @ts-check
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';

/** `client:interact`: hydrate an island on the visitor's first interaction (src/client/interact-directive.ts). */
/** @type {import('astro').AstroIntegration} */
const interactDirective = {
  name: 'edgefunnel-interact-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./src/client/interact-directive.ts', import.meta.url)) }),
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

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), interactDirective],
  server: { port: 8787, host: '127.0.0.1' },
  // Page CSS is inlined: nothing blocks the first render (measured by npm run bench's Lighthouse run).
  build: { inlineStylesheets: 'always' },
  security: { checkOrigin: false },
  // Edge HTML copies are keyed by build: a deploy never serves HTML naming another build's assets.
  vite: {
    plugins: [preloadHelper],
    define: { __EDGEFUNNEL_BUILD__: JSON.stringify(Date.now().toString(36)) },
    // @astrojs/cloudflare prefixes every chunk with a `process` shim the worker needs; browser
    // chunks do not (the few references are typeof-guarded), so they go without it.
    environments: { client: { build: { rolldownOptions: { output: { banner: '' } } } } },
  },
});
