// @ts-check
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  server: { port: 8787, host: '127.0.0.1' },
  build: { inlineStylesheets: 'auto' },
  security: { checkOrigin: false },
});
